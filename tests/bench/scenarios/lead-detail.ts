import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import { contract, encodeForm, fillPath, type CallName } from '../../../src/shared/contract';
import { LEAD_DETAIL_PAGE_DEFAULT } from '../../../src/shared/contract/lead-detail';
import { benchLogin } from '../bench-login';
import { measurePair } from '../stats';
import { count, type BenchContext, type Section } from './bench-context';
import { LATENCY_COLUMNS, latencyRow } from './latency';

/** docs/performance.md#current-figures: the detail page's data (row + notes + journal + tasks) for a lead with 1,000 notes. */
export const LEAD_DETAIL_TARGET = { maxP95Ms: 100, text: 'p95 < 100 ms' } as const;

const NOTES = 1_000;
const JOURNAL_ENTRIES = 300;
const TASKS = 20;
const SUBTASKS_PER_TASK = 3;
/** Marks the bench's own rows, so a re-run over the same data set finds them instead of adding more. */
const MARK = 'bench-lead-detail';

/**
 * The busiest lead of the data set, made on first use: the newest lead of the sales agent's team, with
 * 1,000 notes, 300 journal entries and 20 tasks of 3 subtasks each. Reused while it is complete.
 */
async function busyLead(db: Kysely<Database>): Promise<{ leadId: number; agentId: number }> {
  const owner = await sql<{ id: number; team_id: number }>`select id, team_id from users
    where email = 'sales@demo.crm'`.execute(db);
  const agent = owner.rows[0];
  if (!agent) throw new Error('demo user sales@demo.crm is missing');
  const found = await sql<{
    lead_id: number;
  }>`select lead_id from tasks where title = ${MARK} limit 1`.execute(db);
  const existing = found.rows[0]?.lead_id;
  if (existing !== undefined) {
    const notes = await sql<{ n: number }>`select count(*)::int as n from lead_notes
      where lead_id = ${existing}`.execute(db);
    if (Number(notes.rows[0]?.n ?? 0) >= NOTES) return { leadId: existing, agentId: agent.id };
  }
  return db.transaction().execute(async (trx) => {
    const lead = await sql<{ id: number }>`select id from leads where team_id = ${agent.team_id}
      order by id desc limit 1`.execute(trx);
    const leadId = lead.rows[0]?.id;
    if (leadId === undefined) throw new Error('the sales team has no leads');
    await sql`delete from lead_notes where lead_id = ${leadId}`.execute(trx);
    await sql`delete from lead_journal where lead_id = ${leadId}`.execute(trx);
    await sql`delete from tasks where lead_id = ${leadId}`.execute(trx);
    await sql`insert into lead_notes (lead_id, body, quality, insert_agent_id, agent_name, agents, created_at)
      select ${leadId}, 'Müşteri arandı, görüşme notu ' || n, 1 + n % 5, ${agent.id}, 'Satış Temsilcisi',
        array[${agent.id}]::int[], localtimestamp - (${NOTES} - n) * interval '1 hour'
      from generate_series(1, ${NOTES}) as n`.execute(trx);
    await sql`insert into lead_journal (lead_id, agent_id, "values", created_at)
      select ${leadId}, ${agent.id},
        jsonb_build_object('city', jsonb_build_object('old', 'İzmir ' || (n - 1), 'new', 'İzmir ' || n),
          'status_id', jsonb_build_object('old', 1 + n % 5, 'new', 1 + (n + 1) % 5)),
        localtimestamp - (${JOURNAL_ENTRIES} - n) * interval '1 hour'
      from generate_series(1, ${JOURNAL_ENTRIES}) as n`.execute(trx);
    const parents = await sql<{ id: number }>`insert into tasks (title, lead_id, created_by, status)
      select case when n = 1 then ${MARK} else 'Evrak kontrolü ' || n end, ${leadId}, ${agent.id}, n % 2
      from generate_series(1, ${TASKS}) as n returning id`.execute(trx);
    for (const parent of parents.rows) {
      await sql`insert into tasks (title, lead_id, created_by, parent_id)
        select 'Alt görev ' || n, ${leadId}, ${agent.id}, ${parent.id}
        from generate_series(1, ${SUBTASKS_PER_TASK}) as n`.execute(trx);
    }
    await sql`insert into task_agents (task_id, user_id)
      select id, ${agent.id} from tasks where lead_id = ${leadId}`.execute(trx);
    return { leadId, agentId: agent.id };
  });
}

export type Request = { url: string; payload: string };

function request(name: CallName, params: Record<string, unknown>, body: Record<string, unknown>): Request {
  const { path } = fillPath(contract[name].path, params);
  return { url: `/api${path}`, payload: encodeForm(body) };
}

/**
 * The four calls the lead detail screen starts together on opening (row, notes, journal, tasks), with
 * the same inputs as the renderer's `leadCallInputs`, sent in parallel as the screen does.
 */
export function detailCalls(leadId: number): Request[] {
  const page = { page: 1, limit: LEAD_DETAIL_PAGE_DEFAULT };
  return [
    request('row', { table: 'leads', id: leadId }, {}),
    request('notes', { table: 'lead_notes' }, { field: 'lead_id', id: leadId, ...page }),
    request('journal', { table: 'leads', id: leadId }, page),
    request('leadTasks', { table: 'leads', id: leadId }, { parent_id: 0 }),
  ];
}

/** The same data read by hand: the row, a page of notes and their count, journal with agent names, tasks. */
function rawDetail(db: Kysely<Database>, leadId: number): () => Promise<void> {
  const limit = LEAD_DETAIL_PAGE_DEFAULT;
  return async () => {
    await Promise.all([
      sql`select * from leads where id = ${leadId}`.execute(db),
      sql`select * from lead_notes where lead_id = ${leadId} order by id desc limit ${limit}`.execute(db),
      sql`select count(*) from lead_notes where lead_id = ${leadId}`.execute(db),
      sql`select j.id, j.agent_id, u.name, j."values", j.created_at from lead_journal j
        left join users u on u.id = j.agent_id where j.lead_id = ${leadId}
        order by j.id desc limit ${limit}`.execute(db),
      sql`select t.*, (select count(*) from tasks s where s.parent_id = t.id) as subtasks,
          (select array_agg(user_id) from task_agents a where a.task_id = t.id) as agents
        from tasks t where t.lead_id = ${leadId} and t.parent_id = 0 order by t.id desc`.execute(db),
    ]);
  };
}

export async function runLeadDetail(context: BenchContext): Promise<Section> {
  const { app, handle, rounds, log } = context;
  const { leadId } = await busyLead(handle.db);
  const token = await benchLogin(app, 'sales@demo.crm');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' };
  const calls = detailCalls(leadId);
  const send = async (): Promise<string[]> =>
    Promise.all(
      calls.map(async ({ url, payload }) => {
        const response = await app.inject({ method: 'POST', url, headers, payload });
        if (response.statusCode !== 200) throw new Error(`${url} (${response.statusCode}): ${response.body}`);
        return response.body;
      }),
    );

  // The answers must be the busy lead's, or the figure would be that of an error page.
  const [, notes, journal, tasks] = (await send()).map((body) => JSON.parse(body) as Record<string, unknown>);
  const noteTotal = Number(notes?.total ?? -1);
  const journalRows = Array.isArray(journal?.results) ? journal.results.length : -1;
  const taskRows = Array.isArray(tasks?.results) ? tasks.results.length : -1;
  const same = noteTotal === NOTES && journalRows === LEAD_DETAIL_PAGE_DEFAULT && taskRows === TASKS;
  log(`  aday ${leadId}: ${count(noteTotal)} not, ${journalRows} geçmiş satırı, ${taskRows} görev`);

  const pair = await measurePair(
    async () => {
      await send();
    },
    rawDetail(handle.db, leadId),
    rounds,
  );
  const pass = same && pair.subject.p95 < LEAD_DETAIL_TARGET.maxP95Ms;
  return {
    title: `Aday detayı: row + notlar + geçmiş + görevler, ${count(NOTES)} notlu aday, satış temsilcisi (${rounds} ölçüm)`,
    columns: LATENCY_COLUMNS,
    rows: [
      latencyRow(
        {
          scenario: `/leadDetail/${leadId}: 4 çağrı birlikte (notlar ${LEAD_DETAIL_PAGE_DEFAULT}'lik sayfa + toplam)`,
          matched: null,
          of: context.leads,
          subject: pair.subject,
          baseline: pair.baseline,
        },
        LEAD_DETAIL_TARGET.text,
        pass,
        same
          ? undefined
          : `beklenmeyen cevap: ${noteTotal} not, ${journalRows} geçmiş satırı, ${taskRows} görev`,
      ),
    ],
    notes: [
      `SQL sütunu: aynı veriler elle yazılmış beş sorguyla, birlikte (oturum, yetki ve modül denetimi yok). ` +
        `Adayın ${count(JOURNAL_ENTRIES)} geçmiş satırı ve ${TASKS} görevi (${SUBTASKS_PER_TASK}'er alt görev) var.`,
    ],
  };
}
