import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { CallResult, contract, TimelineItem, TimelineKind } from '../../../shared/contract';
import { TIMELINE_KINDS, TIMELINE_PAGE_DEFAULT } from '../../../shared/contract';
import { CALL_LINES, OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { formatDateTimeTr } from '../../../shared/domain/date-ranges';
import { formatMoneyTr } from '../../../shared/domain/money-input';
import { MASKED_COMPONENT, maskCell } from '../../../shared/domain/masking';
import { format } from '../../../shared/i18n/messages';
import { timelineMessages as t } from '../../../shared/i18n/timeline-messages';
import type { Database } from '../../db/schema';
import { isDomainError } from '../../domain-errors';
import type { LeadScope } from '../../engine/lead-scope';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';

type TimelineBody = z.output<(typeof contract)['leadTimeline']['body']>;

/** The module of the lead's history; the timeline is its first view (docs/user-guide.md#zaman-akisi). */
export const TIMELINE_MODULE = 'gecmis';

/** Each kind is shown only to users who may see the tab it comes from. */
const KIND_MODULES: Readonly<Partial<Record<TimelineKind, string>>> = {
  call: 'gecmis',
  change: 'gecmis',
  email: 'emailler',
  task: 'gorevler',
  file: 'dosyalar',
  transaction: 'para-islemleri',
  transaction_step: 'para-islemleri',
  platform: 'platformlar',
};
const NOTES_TABLE = 'lead_notes';
const TRANSACTIONS_TABLE = 'transactions';
/** Chat messages are notes without a lead's story (docs/requirements.md#shell-lists-and-chat). */
const CHAT_NOTE_STATUS = 7;

export interface TimelineService {
  /** POST /lead/timeline/{id}: the lead's story, newest first, only what the user may see. */
  list(user: EngineUser, leadId: number, body: TimelineBody): Promise<CallResult<'leadTimeline'>>;
  /** Whether the lead is in the user's rows with the history module (who gets its live pushes). */
  canSee(user: EngineUser, leadId: number): Promise<boolean>;
}

interface UnionRow {
  kind: TimelineKind;
  ref_id: number;
  at: string;
  actor_id: number | null;
  actor_name: string | null;
  data: unknown;
}

type Data = Record<string, unknown>;

function dataOf(raw: unknown): Data {
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Data) : {};
}
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const numberOrNull = (value: unknown): number | null => {
  const n = Number(value);
  return value === null || value === undefined || !Number.isFinite(n) ? null : n;
};

async function tableAccessOrNull(
  db: Kysely<Database>,
  registry: TableRegistry,
  user: EngineUser,
  table: string,
): Promise<TableAccess | null> {
  try {
    return await resolveTableAccess(db, registry, user, table);
  } catch (error) {
    if (isDomainError(error) && (error.kind === 'not-found' || error.kind === 'forbidden')) return null;
    throw error;
  }
}

/** The journal's values as this user may read them: readable fields only, clickShow fields masked. */
function visibleValues(raw: unknown, leads: TableAccess): NonNullable<TimelineItem['values']> | null {
  const parsed = dataOf(raw);
  const masked = new Set(
    leads.readable.filter((field) => field.component === MASKED_COMPONENT).map((field) => field.name),
  );
  const out: NonNullable<TimelineItem['values']> = {};
  for (const [name, change] of Object.entries(parsed)) {
    if (!leads.readableNames.has(name) || typeof change !== 'object' || change === null) continue;
    const { old: before = null, new: after = null } = change as { old?: unknown; new?: unknown };
    const cell = (value: unknown): NonNullable<TimelineItem['values']>[string]['old'] => {
      const shown = masked.has(name) ? maskCell(value) : value;
      if (
        shown === null ||
        typeof shown === 'string' ||
        typeof shown === 'number' ||
        typeof shown === 'boolean' ||
        Array.isArray(shown)
      ) {
        return shown as NonNullable<TimelineItem['values']>[string]['old'];
      }
      return JSON.stringify(shown);
    };
    out[name] = { old: cell(before), new: cell(after) };
  }
  return Object.keys(out).length > 0 ? out : null;
}

export function createTimelineService(
  db: Kysely<Database>,
  registry: TableRegistry,
  leadScope: LeadScope,
): TimelineService {
  /** The kinds this user may see on this lead (the lead already checked). */
  async function allowedKinds(
    user: EngineUser,
    leads: TableAccess,
  ): Promise<{ kinds: TimelineKind[]; transactions: TableAccess | null }> {
    const modules = new Set(leads.modules);
    const notes = await tableAccessOrNull(db, registry, user, NOTES_TABLE);
    const transactions = modules.has('para-islemleri')
      ? await tableAccessOrNull(db, registry, user, TRANSACTIONS_TABLE)
      : null;
    const kinds = TIMELINE_KINDS.filter((kind) => {
      if (kind === 'note') return notes !== null;
      if (kind === 'transaction' || kind === 'transaction_step') return transactions !== null;
      const module = KIND_MODULES[kind];
      return module === undefined || modules.has(module);
    });
    return { kinds, transactions };
  }

  function parts(leadId: number, kinds: ReadonlySet<TimelineKind>, transactions: TableAccess | null) {
    const out: RawBuilder<unknown>[] = [];
    if (kinds.has('note')) {
      out.push(sql`select 'note' as kind, n.id as ref_id, n.created_at as at, n.insert_agent_id as actor_id,
          jsonb_build_object('body', n.body, 'start', to_char(n.start, 'YYYY-MM-DD HH24:MI:SS'),
            'agent_name', n.agent_name) as data
        from lead_notes n
        where n.lead_id = ${leadId} and n.note_status_id is distinct from ${CHAT_NOTE_STATUS}`);
    }
    if (kinds.has('call')) {
      out.push(sql`select 'call', c.id, c.created_at, c.user_id,
          jsonb_build_object('status', c.status, 'line', c.line_prefix, 'outcome', c.outcome,
            'outcome_message', c.outcome_message, 'message', c.message)
        from call_logs c
        where c.lead_id = ${leadId} and c.status <> 'refused'`);
    }
    if (kinds.has('change')) {
      out.push(sql`select 'change', j.id, j.created_at, j.agent_id, j.values::jsonb
        from lead_journal j where j.lead_id = ${leadId}`);
    }
    if (kinds.has('email')) {
      out.push(sql`select 'email', e.id, e.created_at, e.agent_id,
          jsonb_build_object('subject', e.subject, 'status', e.status,
            'sent_at', to_char(e.sent_at, 'YYYY-MM-DD HH24:MI:SS'))
        from lead_emails e where e.lead_id = ${leadId}`);
    }
    if (kinds.has('task')) {
      out.push(sql`select 'task', k.id, k.created_at, k.created_by,
          jsonb_build_object('title', k.title, 'status', k.status,
            'complete_date', to_char(k.complete_date, 'YYYY-MM-DD HH24:MI:SS'))
        from tasks k where k.lead_id = ${leadId}`);
    }
    if (kinds.has('file')) {
      out.push(sql`select 'file', f.id, f.created_at, f.agent_id,
          jsonb_build_object('name', f.file_name, 'category', fc.label)
        from lead_files f
        left join option_values fc on fc.list_id = ${OPTION_LIST_IDS.fileCategories}
          and fc.value = f.file_category_id::text
        where f.lead_id = ${leadId}`);
    }
    if (transactions !== null && kinds.has('transaction')) {
      out.push(sql`select 'transaction', x.id, x.created_at, coalesce(x.insert_user_id, x.agent_id),
          jsonb_build_object('type', x.type, 'amount', x.amount, 'currency', cur.label,
            'status', st.label)
        from (select * from transactions where customer_id = ${leadId} and ${transactions.scope}) x
        left join option_values cur on cur.list_id = ${OPTION_LIST_IDS.currencies}
          and cur.value = x.currency_id::text
        left join option_values st on st.list_id = ${OPTION_LIST_IDS.transactionStatuses}
          and st.value = x.status_id::text`);
    }
    if (transactions !== null && kinds.has('transaction_step')) {
      out.push(sql`select 'transaction_step', s.id, s.created_at, s.agent_id,
          jsonb_build_object('transaction_id', s.transaction_id, 'action', s.action,
            'from', sb.label, 'to', sa.label)
        from transaction_journal s
        left join option_values sb on sb.list_id = ${OPTION_LIST_IDS.transactionStatuses}
          and sb.value = s.status_before::text
        left join option_values sa on sa.list_id = ${OPTION_LIST_IDS.transactionStatuses}
          and sa.value = s.status_after::text
        where s.transaction_id in (select id from transactions
          where customer_id = ${leadId} and ${transactions.scope})`);
    }
    if (kinds.has('platform')) {
      out.push(sql`select 'platform', p.id, p.created_at, p.agent_id,
          jsonb_build_object('what', 'account', 'login', p.login, 'type', p.type)
        from lead_platforms p where p.customer_id = ${leadId}`);
      // Operations get keys apart from accounts: their ids are another sequence.
      out.push(sql`select 'platform', -o.id, o.created_at, o.created_by,
          jsonb_build_object('what', o.direction, 'login', o.login, 'amount', o.amount,
            'currency', cur.label, 'state', o.state)
        from platform_operations o
        left join option_values cur on cur.list_id = ${OPTION_LIST_IDS.currencies}
          and cur.value = o.currency_id::text
        where o.customer_id = ${leadId}`);
    }
    return out;
  }

  function describe(row: UnionRow, leads: TableAccess): TimelineItem | null {
    const data = dataOf(row.data);
    const base = {
      key: `${row.kind}:${row.ref_id}`,
      kind: row.kind,
      ref_id: Math.abs(row.ref_id),
      at: row.at,
      actor_id: row.actor_id === null ? null : Number(row.actor_id),
      actor_name: row.actor_name,
    };
    switch (row.kind) {
      case 'note': {
        const start = text(data.start);
        return {
          ...base,
          actor_name: row.actor_name ?? (text(data.agent_name) || null),
          title: t.note,
          detail:
            text(data.body) +
            (start === '' ? '' : `\n${format(t.noteReminder, { start: formatDateTimeTr(start) })}`),
        };
      }
      case 'call': {
        const line = text(data.line);
        const outcome = text(data.outcome_message);
        // The line by its name (İstanbul, İzmir, Ankara), never its bare prefix.
        const lineName = CALL_LINES.find((candidate) => String(candidate.value) === line)?.label ?? line;
        return {
          ...base,
          title: line === '' ? t.call : format(t.callLine, { line: lineName }),
          detail: outcome !== '' ? outcome : (t.callStates[text(data.status)] ?? text(data.message)),
        };
      }
      case 'change': {
        const values = visibleValues(row.data, leads);
        if (values === null) return null;
        return {
          ...base,
          title: Object.hasOwn(values, 'status_id') ? t.statusChange : t.fieldChange,
          detail: null,
          values,
        };
      }
      case 'email':
        return {
          ...base,
          title: format(t.email, { subject: text(data.subject) }),
          detail: t.emailStates[text(data.status)] ?? null,
        };
      case 'task': {
        const done = Number(data.status) === 1;
        return {
          ...base,
          title: format(t.task, { title: text(data.title) }),
          detail: done
            ? format(t.taskDone, { date: formatDateTimeTr(text(data.complete_date)) })
            : t.taskOpen,
        };
      }
      case 'file':
        return {
          ...base,
          title: format(t.file, { name: text(data.name) }),
          detail: text(data.category) || null,
        };
      case 'transaction':
        return {
          ...base,
          title: format(t.transaction, {
            type: text(data.type),
            id: base.ref_id,
            amount: formatMoneyTr(text(data.amount), text(data.currency) || null),
          }),
          detail:
            text(data.status) === '' ? null : format(t.transactionStatus, { status: text(data.status) }),
          transaction_id: base.ref_id,
        };
      case 'transaction_step': {
        const transactionId = numberOrNull(data.transaction_id) ?? 0;
        const from = text(data.from);
        const to = text(data.to);
        return {
          ...base,
          title: format(t.step, {
            id: transactionId,
            action: t.stepActions[text(data.action)] ?? t.stepOther,
          }),
          detail: from !== '' && to !== '' && from !== to ? format(t.stepStatus, { from, to }) : null,
          transaction_id: transactionId,
        };
      }
      case 'platform': {
        if (text(data.what) === 'account') {
          return {
            ...base,
            title: format(t.platformAccount, { login: text(data.login), type: text(data.type) }),
            detail: null,
          };
        }
        const amount = formatMoneyTr(text(data.amount), text(data.currency) || null);
        return {
          ...base,
          title: format(text(data.what) === 'withdrawal' ? t.platformWithdrawal : t.platformDeposit, {
            amount,
          }),
          detail: [text(data.login), t.platformStates[text(data.state)] ?? ''].filter(Boolean).join(' · '),
        };
      }
    }
  }

  return {
    async canSee(user, leadId) {
      try {
        await leadScope.requireLead(user, leadId, { module: TIMELINE_MODULE });
        return true;
      } catch (error) {
        if (isDomainError(error)) return false;
        throw error;
      }
    },

    async list(user, leadId, body) {
      await leadScope.requireLead(user, leadId, { module: TIMELINE_MODULE });
      const leads = await leadScope.access(user);
      // requireLead passed, so the user sees leads; the guard keeps the types honest.
      if (!leads) return { results: [], page: 1, total: 0, kinds: [] };
      const page = body?.page ?? 1;
      const limit = body?.limit ?? TIMELINE_PAGE_DEFAULT;
      const { kinds, transactions } = await allowedKinds(user, leads);
      const wanted = body?.kinds && body.kinds.length > 0 ? new Set(body.kinds) : new Set(kinds);
      const chosen = new Set(kinds.filter((kind) => wanted.has(kind)));
      const union = parts(leadId, chosen, transactions);
      if (union.length === 0) return { results: [], page, total: 0, kinds };
      const all = sql.join(union, sql` union all `);
      const [rows, count] = await Promise.all([
        sql<UnionRow>`select u.kind, u.ref_id, to_char(u.at, 'YYYY-MM-DD HH24:MI:SS') as at, u.actor_id,
            a.name as actor_name, u.data
          from (${all}) u
          left join users a on a.id = u.actor_id
          order by u.at desc, u.kind, u.ref_id desc
          limit ${limit} offset ${(page - 1) * limit}`.execute(db),
        sql<{ total: number }>`select count(*)::int as total from (${all}) u`.execute(db),
      ]);
      const results = rows.rows.flatMap((row) => {
        const item = describe({ ...row, ref_id: Number(row.ref_id) }, leads);
        return item ? [item] : [];
      });
      return { results, page, total: Number(count.rows[0]?.total ?? 0), kinds };
    },
  };
}
