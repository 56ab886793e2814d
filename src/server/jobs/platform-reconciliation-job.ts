import { sql, type Kysely } from 'kysely';
import { formatDecimalTr } from '../../shared/domain/decimal';
import { format } from '../../shared/i18n/messages';
import { platformOperationMessages as m } from '../../shared/i18n/platform-operation-messages';
import type { AdapterLog } from '../adapters/adapter-log';
import type { ReferencedDeal, TradingPlatform } from '../adapters/trading/trading-platform';
import type { Database } from '../db/schema';
import { DEAL_LOOKUP_SLACK_SECONDS } from './platform-operations-job';
import type { Job } from './job-types';

/** How often the ledger is compared with the platform. */
export const RECONCILIATION_INTERVAL_MS = 60 * 60_000;
/** Operations of this many past days are compared (their accounts' deals since the oldest of them). */
export const RECONCILIATION_WINDOW_DAYS = 30;
/** At most this many findings are listed in one notification; the rest are counted. */
const FINDINGS_SHOWN = 5;
const RISK_DEPARTMENT = 'risk';

export interface PlatformReconciliationJobOptions {
  db: Kysely<Database>;
  platform: TradingPlatform;
  log: AdapterLog;
  intervalMs?: number;
  windowDays?: number;
}

export interface ReconciliationResult {
  /** Accounts compared. */
  checked: number;
  /** Accounts where the ledger and the platform disagree. */
  differing: number;
  /** Accounts whose (new) difference was told to risk in this run. */
  notified: number;
  /** Accounts the platform could not be asked about (logged; compared at the next run). */
  unreadable: number;
}

export interface PlatformReconciliationJob extends Job {
  reconcile(signal?: AbortSignal): Promise<ReconciliationResult>;
}

interface OperationFact {
  id: number;
  idempotency_key: string;
  direction: 'deposit' | 'withdrawal';
  amount: string;
  state: 'pending' | 'sending' | 'done' | 'failed';
  in_window: boolean;
}

/** Exact decimal text as millionths (no float), and back as Turkish money text. */
const SCALE = 6;
function units(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return 0n;
  const value = BigInt(`${match[2] ?? '0'}${(match[3] ?? '').padEnd(SCALE, '0').slice(0, SCALE)}`);
  return match[1] === '-' ? -value : value;
}
function decimalOf(value: bigint): string {
  const abs = value < 0n ? -value : value;
  const digits = abs.toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return `${value < 0n ? '-' : ''}${digits.slice(0, -SCALE)}${fraction === '' ? '' : `.${fraction}`}`;
}
function unitsText(value: bigint): string {
  const text = decimalOf(value);
  return formatDecimalTr(text) ?? text;
}
const signed = (fact: OperationFact): bigint =>
  fact.direction === 'deposit' ? units(fact.amount) : -units(fact.amount);

/** The differences of one account: the operations' and the platform's totals and what does not match. */
export function compareAccount(
  facts: readonly OperationFact[],
  deals: readonly ReferencedDeal[],
): { crm: bigint; platform: bigint; findings: string[] } {
  const byKey = new Map(facts.map((fact) => [fact.idempotency_key, fact]));
  const dealsByKey = new Map<string, ReferencedDeal[]>();
  for (const deal of deals) dealsByKey.set(deal.reference, [...(dealsByKey.get(deal.reference) ?? []), deal]);
  const findings: string[] = [];
  let crm = 0n;
  let platform = 0n;
  for (const fact of facts) {
    if (!fact.in_window || fact.state !== 'done') continue;
    crm += signed(fact);
    const booked = dealsByKey.get(fact.idempotency_key) ?? [];
    const amount = unitsText(signed(fact));
    if (booked.length === 0) findings.push(format(m.reconcileMissing, { id: fact.id, amount }));
    else if (booked.length > 1 || units(booked[0]?.amount ?? '0') !== signed(fact)) {
      const total = booked.reduce((sum, deal) => sum + units(deal.amount), 0n);
      findings.push(format(m.reconcileAmount, { id: fact.id, amount, booked: unitsText(total) }));
    }
  }
  for (const deal of deals) {
    const fact = byKey.get(deal.reference);
    // Still on its way (the job records it shortly), or an operation older than the window.
    if (fact && (fact.state === 'pending' || fact.state === 'sending' || !fact.in_window)) continue;
    platform += units(deal.amount);
    if (!fact) {
      findings.push(
        format(m.reconcileUnknown, { ticket: deal.ticket, amount: unitsText(units(deal.amount)) }),
      );
    } else if (fact.state === 'failed') {
      findings.push(format(m.reconcileFailedBooked, { id: fact.id, ticket: deal.ticket }));
    }
  }
  return { crm, platform, findings };
}

/**
 * Compares the CRM's ledger of platform operations with the trading platform (see
 * docs/money.md#reconciliation): per account with operations in the window, the done operations' total
 * against the total of the balance deals that carry a CRM reference, and operation by operation (done
 * but not booked, booked with another amount or twice, booked although recorded failed, booked with a
 * reference the CRM does not know). A difference is told to every active risk user as a notification
 * (pushed by the reminder job) once: the finding is kept per account and told again only when it changes.
 */
export function createPlatformReconciliationJob(
  options: PlatformReconciliationJobOptions,
): PlatformReconciliationJob {
  const { db, platform, log } = options;
  const windowDays = options.windowDays ?? RECONCILIATION_WINDOW_DAYS;

  async function notifyRisk(login: string, customerId: number, body: string): Promise<number> {
    const lead = await db.selectFrom('leads').select('name').where('id', '=', customerId).executeTakeFirst();
    const recipients = await db
      .selectFrom('users')
      .select('id')
      .where('department', '=', RISK_DEPARTMENT)
      .where('active', '=', 1)
      .execute();
    if (recipients.length === 0) {
      log.warn({ login }, 'platform reconciliation difference: no active risk user to tell');
      return 0;
    }
    await db
      .insertInto('notifications')
      .values(
        recipients.map(({ id }) => ({
          user_id: id,
          lead_id: customerId,
          lead_name: lead?.name ?? null,
          title: m.reconcileTitle,
          body,
          start: null,
          completed_agent_name: null,
          note_id: null,
        })),
      )
      .execute();
    return recipients.length;
  }

  async function reconcile(signal?: AbortSignal): Promise<ReconciliationResult> {
    const result: ReconciliationResult = { checked: 0, differing: 0, notified: 0, unreadable: 0 };
    const { rows: windows } = await sql<{ start: string }>`select
      (localtimestamp - make_interval(days => ${windowDays}::integer))::text as start`.execute(db);
    const start = windows[0]?.start ?? '1970-01-01 00:00:00';
    const { rows: accounts } = await sql<{ login: string; customer_id: number; since: number }>`select
        login, min(customer_id) as customer_id,
        extract(epoch from min(created_at)::timestamptz)::float8 as since
      from platform_operations where created_at >= ${start}::timestamp
      group by login order by login`.execute(db);
    for (const account of accounts) {
      if (signal?.aborted) break;
      let deals: ReferencedDeal[];
      try {
        deals = await platform.referencedDeals(
          db,
          account.login,
          Math.floor(account.since) - DEAL_LOOKUP_SLACK_SECONDS,
        );
      } catch (error) {
        result.unreadable += 1;
        log.warn({ err: error, login: account.login }, 'platform reconciliation: account not readable');
        continue;
      }
      const keys = deals.map((deal) => deal.reference);
      const { rows: facts } = await sql<OperationFact>`select id, idempotency_key, direction,
          amount::text as amount, state, created_at >= ${start}::timestamp as in_window
        from platform_operations
        where login = ${account.login}
          and (created_at >= ${start}::timestamp or idempotency_key = any(${keys}::text[]))`.execute(db);
      const { crm, platform: booked, findings } = compareAccount(facts, deals);
      result.checked += 1;
      const differs = findings.length > 0 || crm !== booked;
      const shown = findings.slice(0, FINDINGS_SHOWN);
      if (findings.length > FINDINGS_SHOWN) shown.push(`+${findings.length - FINDINGS_SHOWN}`);
      const finding = differs ? `${crm}|${booked}|${findings.join(';')}` : '';
      const previous = await db
        .selectFrom('platform_reconciliation')
        .select('findings')
        .where('login', '=', account.login)
        .executeTakeFirst();
      const tell = differs && previous?.findings !== finding;
      if (differs) result.differing += 1;
      if (tell) {
        log.warn(
          { login: account.login, crm: String(crm), platform: String(booked), findings },
          'platform reconciliation difference',
        );
        const told = await notifyRisk(
          account.login,
          account.customer_id,
          format(m.reconcileBody, {
            login: account.login,
            crm: unitsText(crm),
            platform: unitsText(booked),
            findings: shown.join('; '),
          }),
        );
        if (told > 0) result.notified += 1;
      }
      const values = {
        crm_total: decimalOf(crm),
        platform_total: decimalOf(booked),
        findings: finding,
        checked_at: sql<string>`date_trunc('second', localtimestamp)`,
      };
      await db
        .insertInto('platform_reconciliation')
        .values({ login: account.login, ...values, ...(tell ? { notified_at: values.checked_at } : {}) })
        .onConflict((oc) =>
          oc.column('login').doUpdateSet({ ...values, ...(tell ? { notified_at: values.checked_at } : {}) }),
        )
        .execute();
    }
    return result;
  }

  return {
    name: 'platform-reconciliation',
    every: options.intervalMs ?? RECONCILIATION_INTERVAL_MS,
    run: ({ signal }) => reconcile(signal),
    reconcile,
  };
}
