import { sql, type Kysely } from 'kysely';
import type { CallResult, ParsedLeadRowsBody, ParsedNoteInputs } from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { requireFlag, resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import { recordNotFound, selectRow } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';
import { InvalidValueError, parseDate } from '../../engine/values';
import { leadAgentRule, type AgentCandidate } from '../../engine/assignees';

/** The registered table notes are saved in; `insert_note` names it as its table. */
export const NOTES_TABLE = 'lead_notes';
const LEADS_TABLE = 'leads';

type ParsedRowsBody = Pick<ParsedLeadRowsBody, 'id' | 'page' | 'limit'>;
export type NoteAuthor = EngineUser & { name: string };

export interface LeadNotesService {
  /** inline save type insert_note: the note, the lead's last_note_date and the reminders, all or nothing. */
  insertNote(user: NoteAuthor, table: string, inputs: ParsedNoteInputs): Promise<CallResult<'inlineSave'>>;
  /** POST /notes/{table}: a readable lead's notes, newest first; total = the lead's note count. */
  listNotes(user: EngineUser, body: ParsedRowsBody): Promise<CallResult<'notes'>>;
  /** POST /notes/notifications: a readable lead's reminders, newest first. */
  listNotifications(user: EngineUser, body: ParsedRowsBody): Promise<CallResult<'leadNotifications'>>;
}

/** 'YYYY-MM-DD HH:mm' or with seconds, checked to be a real moment, as 'YYYY-MM-DD HH:mm:ss'. */
function reminderMoment(text: string): string {
  try {
    return parseDate(text).dateTime;
  } catch (error) {
    if (error instanceof InvalidValueError) throw DomainError.invalid(messages.invalidReminderDate);
    throw error;
  }
}

const uniqueIds = (ids: readonly number[]): number[] => [...new Set(ids)];

export function createLeadNotesService(db: Kysely<Database>, registry: TableRegistry): LeadNotesService {
  const access = (user: EngineUser, table: string): Promise<TableAccess> =>
    resolveTableAccess(db, registry, user, table);

  /**
   * The lead, when the user may read it: the same 404 for missing and outside, so ids cannot be probed.
   * A lead's notes and reminders follow the lead's scope (a team sees the whole history of its leads);
   * lead_notes' own row restriction governs the generic notes list and bulk note deletion.
   */
  async function readableLead(user: EngineUser, id: number): Promise<{ id: number; name: string }> {
    const leads = await access(user, LEADS_TABLE);
    const found = await selectRow(db, leads, id, ['id', 'name']);
    if (!found) throw recordNotFound();
    return { id: Number(found.id), name: String(found.name ?? '') };
  }

  /** Active users among `ids`, with what the team rule needs; throws 400 naming the first bad id. */
  async function chosenAgents(user: EngineUser, ids: readonly number[]): Promise<number[]> {
    const wanted = uniqueIds(ids);
    const rows: AgentCandidate[] = await db
      .selectFrom('users')
      .select(['id', 'team_id', 'active'])
      .where('id', 'in', wanted)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of wanted) {
      const agent = byId.get(id);
      if (!agent || agent.active !== 1) throw DomainError.invalid(format(messages.invalidAgent, { id }));
      if (!leadAgentRule(user, agent)) throw DomainError.invalid(messages.agentNotInTeam);
    }
    return wanted;
  }

  return {
    async insertNote(user, table, inputs) {
      if (table !== NOTES_TABLE) throw DomainError.invalid(format(messages.invalidField, { field: 'table' }));
      const notes = await access(user, NOTES_TABLE);
      requireFlag(notes, 'update');
      const lead = await readableLead(user, inputs.lead_id);
      const agents = await chosenAgents(user, inputs.agents ?? [user.id]);
      const explicitStart = inputs.start === undefined ? undefined : reminderMoment(inputs.start);
      const end = inputs.end === undefined ? null : reminderMoment(inputs.end);
      const wantsReminder =
        inputs.notification === 1 && (explicitStart !== undefined || inputs.minute !== undefined);

      const id = await db.transaction().execute(async (trx) => {
        // start = now + minute on the database's clock, the same clock created_at and "overdue" use.
        const start =
          explicitStart ??
          (inputs.minute === undefined
            ? null
            : ((
                await sql<{ start: string }>`select to_char(date_trunc('second', localtimestamp)
                  + make_interval(mins => ${inputs.minute}::int), 'YYYY-MM-DD HH24:MI:SS') as start`.execute(
                  trx,
                )
              ).rows[0]?.start ?? null));
        const inserted = await trx
          .insertInto('lead_notes')
          .values({
            lead_id: lead.id,
            body: inputs.body,
            quality: inputs.quality,
            notification: inputs.notification,
            minute: inputs.minute ?? null,
            start,
            end,
            channel_id: inputs.channel_id ?? null,
            note_status_id: inputs.note_status_id ?? null,
            insert_agent_id: user.id,
            agent_name: user.name,
            agents,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The note must land inside the user's notes scope (e.g. insert_agent_id = {user.id}).
        if (!(await selectRow(trx, notes, inserted.id, ['id'])))
          throw DomainError.forbidden(messages.forbidden);
        await trx
          .updateTable('leads')
          .set({ last_note_date: sql<string>`date_trunc('second', localtimestamp)` })
          .where('id', '=', lead.id)
          .execute();
        if (wantsReminder && start !== null) {
          await trx
            .insertInto('notifications')
            .values(
              agents.map((agentId) => ({
                user_id: agentId,
                lead_id: lead.id,
                lead_name: lead.name,
                title: messages.reminderTitle,
                body: inputs.body,
                start,
                note_id: inserted.id,
              })),
            )
            .execute();
        }
        return inserted.id;
      });
      return { success: true, message: messages.noteSaved, id };
    },

    async listNotes(user, body) {
      await access(user, NOTES_TABLE);
      const lead = await readableLead(user, body.id);
      const offset = (body.page - 1) * body.limit;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('lead_notes')
          .selectAll()
          .where('lead_id', '=', lead.id)
          // Time order, newest first (docs/user-guide.md#dates-and-numbers); a back-dated note sits at its time.
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(body.limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('lead_notes')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('lead_id', '=', lead.id)
          .executeTakeFirst(),
      ]);
      const agentIds = uniqueIds(rows.flatMap((row) => row.agents ?? []));
      const names = new Map(
        agentIds.length === 0
          ? []
          : (await db.selectFrom('users').select(['id', 'name']).where('id', 'in', agentIds).execute()).map(
              (row) => [row.id, row.name],
            ),
      );
      return {
        results: rows.map((row) => ({
          id: row.id,
          body: row.body,
          quality: row.quality,
          agents: (row.agents ?? []).map((value) => ({ value, label: names.get(value) ?? String(value) })),
          notification: row.notification,
          minute: row.minute,
          start: row.start,
          end: row.end,
          // The rows were picked by this lead (chat messages, the only notes without one, never are).
          lead_id: lead.id,
          channel_id: row.channel_id,
          note_status_id: row.note_status_id,
          insert_agent_id: row.insert_agent_id,
          agent_name: row.agent_name,
          created_at: row.created_at,
        })),
        total: Number(count?.total ?? 0),
        page: body.page,
      };
    },

    async listNotifications(user, body) {
      await access(user, NOTES_TABLE);
      const lead = await readableLead(user, body.id);
      const offset = (body.page - 1) * body.limit;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('notifications as n')
          .leftJoin('users as u', 'u.id', 'n.user_id')
          .select([
            'n.id',
            'n.user_id',
            'u.name as user_name',
            'n.title',
            'n.body',
            'n.start',
            'n.lead_id',
            'n.lead_name',
            // An open reminder whose time has passed is overdue (2), on the database's clock.
            sql<number>`case when n.completed = 0 and n.start < localtimestamp then 2 else n.completed end`.as(
              'completed',
            ),
            'n.completed_agent_name',
            'n.note_id',
            'n.created_at',
          ])
          .where('n.lead_id', '=', lead.id)
          // Time order (docs/user-guide.md#dates-and-numbers): by the reminder's time, the newest first.
          .orderBy(sql`coalesce(n.start, n.created_at)`, 'desc')
          .orderBy('n.id', 'desc')
          .limit(body.limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('lead_id', '=', lead.id)
          .executeTakeFirst(),
      ]);
      return {
        results: rows.map((row) => ({
          ...row,
          completed: row.completed === 1 ? 1 : row.completed === 2 ? 2 : 0,
        })),
        total: Number(count?.total ?? 0),
        page: body.page,
      };
    },
  };
}
