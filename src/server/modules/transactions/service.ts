import { sql, type Kysely } from 'kysely';
import type { CallResult, RecordRow, TransactionJournalEntry } from '../../../shared/contract';
import { SEARCH_TRX_LIMIT } from '../../../shared/contract/transactions';
import { escapeLikePattern } from '../../../shared/domain/filters';
import { foldTurkish } from '../../../shared/domain/turkish-fold';
import { transactionMessages as t } from '../../../shared/i18n/transaction-messages';
import type { Database } from '../../db/schema';
import { toRecordRow } from '../../engine/cells';
import type { LeadScope } from '../../engine/lead-scope';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import { receiversWhoSee } from '../../engine/push-receivers';
import { recordNotFound, selectRow } from '../../engine/record-store';
import type { TableRegistry } from '../../engine/registry';
import { and, column, foldedText, likePattern, or, type Condition } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import { format } from '../../../shared/i18n/messages';
import { DEFAULT_TRANSACTION_SLA_HOURS, queueStatuses } from '../../../shared/domain/transaction-state';
import { reverseTransaction } from './reversal';
import type { AfterStep } from './after-step';
import { leadReadiness, realPlatformLogins } from './transaction-rules';
import { loadStatuses } from './status-flows';
import {
  runAction,
  TRANSACTIONS_TABLE,
  type ActionInput,
  type ActionName,
  type TransactionRow,
} from './workflow';

/** A change pushed live to whoever works the transaction (see docs/requirements.md#calls: departments concerned). */
export interface TransactionChange {
  readonly id: number;
  readonly customer_id: number;
  readonly status_id: number;
  readonly action: string;
}
export type TransactionPush = (change: TransactionChange, userIds: readonly number[]) => void;

/** Departments whose workspace lists every transaction: they hear of each change. */
const WATCHING_DEPARTMENTS = ['admin', 'sales_manager', 'finance', 'risk'];
const LEAD_INFO_FIELDS = ['id', 'name', 'phone', 'tc', 'address', 'ilce', 'city', 'email'] as const;
const SEARCH_FIELDS = [
  'id',
  'customer_id',
  'type',
  'gateway_id',
  'amount',
  'currency_id',
  'login',
  'status_id',
  'iban',
  'iban_name',
  'comment',
  'created_at',
];

export interface TransactionsService {
  act(
    user: EngineUser,
    name: ActionName,
    id: number,
    input: ActionInput,
  ): Promise<{ success: true; msg: string }>;
  leadInfo(user: EngineUser, trx: number): Promise<CallResult<'transactionLeadInfo'>>;
  search(user: EngineUser, keyword: string): Promise<CallResult<'searchTrx'>>;
  journal(user: EngineUser, id: number): Promise<CallResult<'transactionJournal'>>;
  /** The same journal in the shape of the generic POST /journal/{table}/{id}: newest first, paged. */
  journalPage(
    user: EngineUser,
    id: number,
    paging: { page: number; limit: number },
  ): Promise<CallResult<'journal'>>;
  /** A completed transaction corrected by a new one of the opposite type, linked to it. */
  reverse(user: EngineUser, id: number, reason: string): Promise<CallResult<'transactionReverse'>>;
  statuses(): Promise<CallResult<'transactionStatuses'>>;
  queue(user: EngineUser): Promise<CallResult<'transactionQueue'>>;
  eligibility(user: EngineUser, customerId: number): Promise<CallResult<'transactionEligibility'>>;
  /** Tells whoever works them about rows written by a generic insert or edit (after the commit). */
  announce(ids: readonly number[], action: 'create' | 'edit'): void;
  /** Whom to tell about a change: the watching departments, and the customer's agent, retention and creator. */
  audience(row: TransactionRow): Promise<number[]>;
}

export interface TransactionsServiceDeps {
  db: Kysely<Database>;
  registry: TableRegistry;
  leadScope: LeadScope;
  push: TransactionPush;
  /** Hours after which a row waiting in a queue is marked late (TRANSACTION_SLA_HOURS). */
  slaHours?: number;
  onPushError?: (error: unknown) => void;
  /** Runs inside every workflow step's transaction (after-step.ts). */
  afterStep?: AfterStep;
}

export function createTransactionsService(deps: TransactionsServiceDeps): TransactionsService {
  const { db, registry, leadScope } = deps;
  const access = (user: EngineUser): Promise<TableAccess> =>
    resolveTableAccess(db, registry, user, TRANSACTIONS_TABLE);

  async function visibleRow(
    user: EngineUser,
    id: number,
    names: readonly string[],
  ): Promise<Record<string, unknown>> {
    const row = await selectRow(db, await access(user), id, names);
    if (!row) throw recordNotFound();
    return row;
  }

  /**
   * Whom to tell: the watching departments, the creator, and the customer's agent and retention agent as
   * they are now (a customer moved to another agent stops reaching the former one).
   */
  async function audience(row: TransactionRow): Promise<number[]> {
    const watchers = await db
      .selectFrom('users')
      .select('id')
      .where('department', 'in', WATCHING_DEPARTMENTS)
      .where('active', '=', 1)
      .execute();
    const lead = await db
      .selectFrom('leads')
      .select(['agent_id', 'retention_id'])
      .where('id', '=', row.customer_id)
      .executeTakeFirst();
    const ids = new Set(watchers.map((user) => user.id));
    for (const id of [lead?.agent_id ?? null, lead?.retention_id ?? null, row.insert_user_id]) {
      if (id !== null) ids.add(id);
    }
    return [...ids];
  }

  /** Every journal row of a transaction, oldest first: the creation (written by the database) leads. */
  async function journalEntries(id: number): Promise<TransactionJournalEntry[]> {
    const entries = await db
      .selectFrom('transaction_journal as j')
      .leftJoin('users as u', 'u.id', 'j.agent_id')
      .select([
        'j.id',
        'j.action',
        'j.agent_id',
        'u.name as agent_name',
        'j.values',
        'j.created_at',
        'j.status_before',
        'j.status_after',
      ])
      .where('j.transaction_id', '=', id)
      .orderBy(sql`j.action = 'create'`, 'desc')
      .orderBy('j.id')
      .execute();
    return entries.map((entry) => ({
      id: entry.id,
      action: entry.action,
      agent_id: entry.agent_id,
      agent_name: entry.agent_name,
      values: (typeof entry.values === 'string'
        ? JSON.parse(entry.values)
        : entry.values) as TransactionJournalEntry['values'],
      created_at: String(entry.created_at),
      status_before: entry.status_before,
      status_after: entry.status_after,
    }));
  }

  function push(row: TransactionRow, action: string): void {
    audience(row)
      // Checked when sent: only who may see the row now, as their own list would show it.
      .then((ids) => receiversWhoSee(db, registry, ids, TRANSACTIONS_TABLE, row.id))
      .then((ids) =>
        deps.push({ id: row.id, customer_id: row.customer_id, status_id: row.status_id, action }, ids),
      )
      .catch((error: unknown) => deps.onPushError?.(error));
  }

  const service: TransactionsService = {
    audience,

    announce(ids, action) {
      if (ids.length === 0) return;
      db.selectFrom('transactions')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute()
        .then((rows) => {
          for (const row of rows) push(row, action);
        })
        .catch((error: unknown) => deps.onPushError?.(error));
    },

    async act(user, name, id, input) {
      const { after } = await runAction(db, registry, user, name, id, input, deps.afterStep);
      // After the commit: a push is news of something that happened, never of a rolled-back step.
      push(after, name);
      return { success: true, msg: t.saved };
    },

    async leadInfo(user, trx) {
      const row = await visibleRow(user, trx, ['customer_id']);
      const leads = await leadScope.access(user);
      if (!leads) throw recordNotFound();
      const lead = await leadScope.requireLead(user, Number(row.customer_id), {
        columns: [...LEAD_INFO_FIELDS],
      });
      const readable = (name: string): string | null =>
        leads.readableNames.has(name) && lead[name] !== null && lead[name] !== undefined
          ? String(lead[name])
          : null;
      return {
        result: {
          id: Number(lead.id),
          name: readable('name'),
          phone: readable('phone'),
          tc: readable('tc'),
          address: readable('address'),
          ilce: readable('ilce'),
          city: readable('city'),
          email: readable('email'),
        },
      };
    },

    async search(user, keyword) {
      const target = await access(user);
      const folded = `%${escapeLikePattern(foldTurkish(keyword))}%`;
      const plain = `%${escapeLikePattern(keyword.toUpperCase().replace(/\s+/g, ''))}%`;
      const matches: Condition[] = [
        likePattern(foldedText(column('login')), folded),
        sql<boolean>`upper(${column('iban')}) like ${plain} escape '\\'`,
        likePattern(foldedText(column('iban_name')), folded),
        likePattern(foldedText(column('comment')), folded),
        sql<boolean>`${column('customer_id')} in (select id from leads where name_folded like lower(${folded}) escape '\\')`,
      ];
      if (/^\d{1,9}$/.test(keyword)) {
        matches.push(
          sql<boolean>`${column('id')} = ${Number(keyword)}`,
          sql<boolean>`${column('customer_id')} = ${Number(keyword)}`,
        );
      }
      const fields = SEARCH_FIELDS.filter((name) => name === 'customer_id' || target.listableNames.has(name));
      const { rows } = await sql<Record<string, unknown>>`select ${sql.join(fields.map(column))},
          (select name from leads where leads.id = transactions.customer_id) as customer_name
        from transactions where ${and([target.scope, or(matches)])}
        order by ${column('id')} desc limit ${SEARCH_TRX_LIMIT}`.execute(db);
      const results: RecordRow[] = rows.map((row) => toRecordRow(row, [...fields, 'customer_name']));
      return { results };
    },

    async journal(user, id) {
      await visibleRow(user, id, ['id']);
      return { results: await journalEntries(id) };
    },

    async journalPage(user, id, { page, limit }) {
      await visibleRow(user, id, ['id']);
      const entries = await journalEntries(id);
      const newestFirst = entries.reverse().slice((page - 1) * limit, page * limit);
      return {
        page,
        results: newestFirst.map((entry) => ({
          id: entry.id,
          agent_id: entry.agent_id,
          agent_name: entry.agent_name,
          values: {
            ...entry.values,
            action: { old: null, new: entry.action },
            ...(entry.status_before !== entry.status_after
              ? {
                  status_id: {
                    old: entry.status_before === null ? null : String(entry.status_before),
                    new: entry.status_after === null ? null : String(entry.status_after),
                  },
                }
              : {}),
          },
          created_at: entry.created_at,
        })),
      };
    },

    async reverse(user, id, reason) {
      const { original, reversal } = await reverseTransaction(db, registry, user, id, reason);
      push(original, 'reversed');
      push(reversal, 'create');
      return { success: true, msg: format(t.reversed, { id: reversal.id }), id: reversal.id };
    },

    async statuses() {
      const statuses = await loadStatuses(db);
      return {
        results: statuses.map((status) => ({
          id: status.id,
          label: status.label,
          flow: { ...status.flow } as Record<string, number[]>,
        })),
      };
    },

    async queue(user) {
      const statuses = await loadStatuses(db);
      return {
        statuses: queueStatuses(statuses, user.department),
        sla_hours: deps.slaHours ?? DEFAULT_TRANSACTION_SLA_HOURS,
      };
    },

    async eligibility(user, customerId) {
      const lead = await leadScope.requireLead(user, customerId, {
        columns: ['address', 'city', 'ilce', 'occupation_id', 'tc', 'is_customer'],
      });
      const readiness = leadReadiness(lead);
      const platforms = await realPlatformLogins(db, customerId);
      return { is_customer: readiness.isCustomer, missing: [...readiness.missing], platforms };
    },
  };
  return service;
}
