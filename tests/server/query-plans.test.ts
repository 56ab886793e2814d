import type { LightMyRequestResponse } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { contract, fillPath } from '../../src/shared/contract';
import { FILTER_TYPES } from '../../src/shared/domain/filters';
import {
  FINANCE_PENDING_STATUSES,
  RISK_PENDING_STATUSES,
  TRX_STATUS,
} from '../../src/shared/domain/transaction-flow';
import { LIST_COUNT_CAP, TRANSACTION_TYPES } from '../../src/shared/domain/constants';
import { describeScan, planRoot, planScans, type PlanScan } from '../bench/scenarios/sql-plan';
import { DEMO_PASSWORD } from './support/demo-server';
import { login, postForm } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * The SQL the server really runs on its hot paths, explained on a table big enough for the planner to
 * care: no sequential scan of leads or transactions. The statements are captured through Kysely's query
 * log while the API answers the call, then explained one by one with the parameters they ran with.
 */
const LEADS = 50_000;
/** Money instructions spread over the customers; the pending tabs hold a few percent of them. */
const TRANSACTIONS = 40_000;
const TRANSACTION_CHUNK = 5_000;
const WATCHED = new Set(['leads', 'transactions']);

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

const captured: Statement[] = [];
let recording = false;
let database: DatabaseHandle;
let app: FastifyInstance;
const tokens: Record<'admin' | 'sales' | 'finance' | 'risk', string> = {
  admin: '',
  sales: '',
  finance: '',
  risk: '',
};
let leadId = 0;
let customerId = 0;
let transactionId = 0;
let pendingDeposit = 0;

/** Bulk money instructions: mostly finished, some waiting for finance or risk, as in a running desk. */
async function addTransactions(): Promise<void> {
  const statuses = [
    ...Array<number>(14).fill(TRX_STATUS.depositCompleted),
    ...Array<number>(4).fill(TRX_STATUS.paymentSent),
    TRX_STATUS.depositRequested,
    TRX_STATUS.financeApproved,
  ];
  // In chunks with fresh statistics between them, as the importer writes: one 40,000-row statement into an
  // empty table has the journal's foreign-key checks planned for an empty table (a scan per row).
  for (let from = 1; from <= TRANSACTIONS; from += TRANSACTION_CHUNK) {
    await sql`insert into transactions (customer_id, type, gateway_id, amount, currency_id, login, status_id,
        agent_id, retention_id, team_id, created_at)
      select c.id,
        case when n % 3 = 0 then ${TRANSACTION_TYPES.withdrawal} else ${TRANSACTION_TYPES.deposit} end,
        1, (100 + n % 900)::numeric, 6, (8000000 + c.id)::text,
        (${sql.lit(`{${statuses.join(',')}}`)}::int[])[1 + n % ${statuses.length}],
        c.agent_id, c.retention_id, c.team_id,
        localtimestamp(0) - make_interval(mins => n * 7)
      from generate_series(${from}::int, ${from + TRANSACTION_CHUNK - 1}::int) as n
      join lateral (
        select id, agent_id, retention_id, team_id from leads
        where is_customer = 1 and id >= (n * 7919) % ${LEADS} order by id limit 1
      ) as c on true`.execute(database.db);
    await sql`analyze transactions`.execute(database.db);
  }
}

beforeAll(async () => {
  database = await createTestDatabase({
    log: (event) => {
      if (recording && event.level === 'query') {
        captured.push({ sql: event.query.sql, parameters: event.query.parameters });
      }
    },
  });
  await seedDemoData(database.db, { leads: LEADS });
  await addTransactions();
  // As autovacuum leaves a table in production: statistics, and a visibility map for index-only scans.
  await sql`vacuum analyze`.execute(database.db);
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  for (const account of ['admin', 'sales', 'finance', 'risk'] as const) {
    tokens[account] = await login(app, `${account}@demo.crm`, DEMO_PASSWORD);
  }
  const sales = await database.db
    .selectFrom('users')
    .select('team_id')
    .where('email', '=', 'sales@demo.crm')
    .executeTakeFirstOrThrow();
  const lead = await database.db
    .selectFrom('leads')
    .select('id')
    .where('team_id', '=', sales.team_id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  leadId = lead.id;
  const trx = await database.db
    .selectFrom('transactions')
    .select(['id', 'customer_id'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  transactionId = trx.id;
  customerId = trx.customer_id;
  // A deposit of the demo data waiting for finance, with what finance's approval needs.
  const deposit = await database.db
    .selectFrom('transactions')
    .select('id')
    .where('status_id', '=', TRX_STATUS.depositRequested)
    .where('type', '=', TRANSACTION_TYPES.deposit)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  pendingDeposit = deposit.id;
}, 600_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const EXPLAINABLE = /^\s*(select|with|insert|update|delete)\b/i;
const SESSION_SETTING = /^\s*set\s+local\b/i;

interface ExplainedStatement {
  sql: string;
  scans: PlanScan[];
  /** The most rows any Sort node of the plan expects to sort (0: none). */
  largestSort: number;
}

/** The most rows a Sort node of a plan (or of its children) expects to sort. */
function largestSort(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  const plan = node as Record<string, unknown>;
  const own = plan['Node Type'] === 'Sort' && typeof plan['Plan Rows'] === 'number' ? plan['Plan Rows'] : 0;
  const children = Array.isArray(plan.Plans) ? (plan.Plans as unknown[]) : [];
  return Math.max(own, ...children.map(largestSort));
}

/**
 * Explains what `call` ran. A `set local` the server issued (e.g. index-only scans off for a trigram
 * count) is applied to the statements after it, as in the server's own transaction.
 */
async function explainCall(call: () => Promise<LightMyRequestResponse>): Promise<ExplainedStatement[]> {
  captured.length = 0;
  recording = true;
  let response: LightMyRequestResponse;
  try {
    response = await call();
  } finally {
    recording = false;
  }
  expect(response.statusCode, response.body).toBe(200);
  const statements = captured.splice(0);
  return database.db.transaction().execute(async (trx) => {
    const explained: ExplainedStatement[] = [];
    for (const statement of statements) {
      if (SESSION_SETTING.test(statement.sql)) {
        await trx.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]));
      } else if (EXPLAINABLE.test(statement.sql)) {
        const result = await trx.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
        );
        const root = planRoot(result.rows);
        explained.push({ sql: statement.sql, scans: planScans(root), largestSort: largestSort(root) });
      }
    }
    return explained;
  });
}

const compact = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * A sequential scan of leads or transactions that may read the whole table. The one exception is the
 * capped count of an unfiltered list ("select 1 from transactions limit 10001"): a Limit right above a
 * scan without a filter stops it after LIST_COUNT_CAP + 1 rows whatever the table's size, the cheapest
 * way to count that far (an index would read as many entries).
 */
function readsWholeTable(scan: PlanScan): boolean {
  if (scan.type !== 'Seq Scan' || !WATCHED.has(scan.relation ?? '')) return false;
  return scan.stopsAfter === null || scan.stopsAfter > LIST_COUNT_CAP + 1;
}

/** Every such scan, with the statement and its whole scan list. */
function seqScansOfWatched(explained: readonly ExplainedStatement[]): string[] {
  return explained
    .filter((statement) => statement.scans.some(readsWholeTable))
    .map(
      (statement) =>
        `${compact(statement.sql).slice(0, 400)}\n    → ${statement.scans.map(describeScan).join(' ← ')}`,
    );
}

/** The watched tables the call's plans read at all, so a case that read nothing cannot pass. */
function watchedRead(explained: readonly ExplainedStatement[]): Set<string> {
  const read = new Set<string>();
  for (const statement of explained) {
    for (const scan of statement.scans) {
      // An index scan names its index; the table is the prefix the migrations give every index.
      const relation =
        scan.relation ?? [...WATCHED].find((name) => scan.index?.startsWith(`${name}_`)) ?? null;
      if (relation && WATCHED.has(relation)) read.add(relation);
    }
  }
  return read;
}

type Account = keyof typeof tokens;

interface HotPath {
  name: string;
  account: Account;
  /** Relation the call must read (so its plans were looked at). */
  reads: 'leads' | 'transactions';
  url: () => string;
  body?: () => Record<string, unknown>;
  /**
   * Why this call may read the whole table: an aggregate over every lead with no scope and no range has
   * to visit every row whatever the plan; the test then checks it does so in one pass (one statement).
   */
  wholeTableBecause?: string;
}

const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const list = (table: string, extra: Record<string, unknown> = {}): Pick<HotPath, 'url' | 'body'> => ({
  url: () => `/api${fillPath(contract.table.path, { table }).path}`,
  body: () => ({ page: 1, limit: 15, ...extra }),
});

const HOT_PATHS: readonly HotPath[] = [
  { name: 'leads, newest first', account: 'admin', reads: 'leads', ...list('leads') },
  { name: 'leads of an agent’s team (row restriction)', account: 'sales', reads: 'leads', ...list('leads') },
  { name: 'leads page 20', account: 'sales', reads: 'leads', ...list('leads', { page: 20 }) },
  {
    name: 'leads by status',
    account: 'admin',
    reads: 'leads',
    ...list('leads', { filters: [{ name: 'status_id', type: FILTER_TYPES.equal, value: '3' }] }),
  },
  {
    name: 'leads, name contains, sorted by created_at',
    account: 'sales',
    reads: 'leads',
    ...list('leads', {
      filters: [{ name: 'name', type: FILTER_TYPES.contains, value: 'yılmaz' }],
      sort: { name: 'created_at', type: 'desc' },
    }),
  },
  {
    name: 'leads created in the last 30 days',
    account: 'admin',
    reads: 'leads',
    ...list('leads', {
      filters: [
        { name: 'created_at', type: FILTER_TYPES.between, value: { start: daysAgo(30), end: daysAgo(0) } },
      ],
    }),
  },
  {
    name: 'leads sorted by name',
    account: 'admin',
    reads: 'leads',
    ...list('leads', { sort: { name: 'name', type: 'asc' } }),
  },
  {
    name: 'leads of an agent’s team sorted by name',
    account: 'sales',
    reads: 'leads',
    ...list('leads', { sort: { name: 'name', type: 'desc' } }),
  },
  { name: 'customers, newest first', account: 'admin', reads: 'leads', ...list('customers') },
  {
    name: 'customers sorted by name',
    account: 'admin',
    reads: 'leads',
    ...list('customers', { sort: { name: 'name', type: 'asc' } }),
  },
  {
    name: 'transactions, all tab',
    account: 'admin',
    reads: 'transactions',
    ...list('transactions', { sort: { name: 'id', type: 'desc' } }),
  },
  {
    name: 'transactions, finance pending tab',
    account: 'finance',
    reads: 'transactions',
    ...list('transactions', {
      sort: { name: 'id', type: 'desc' },
      filters: [
        { name: 'status_id', type: FILTER_TYPES.multipleChoice, value: FINANCE_PENDING_STATUSES.map(String) },
      ],
    }),
  },
  {
    name: 'transactions, risk pending tab',
    account: 'risk',
    reads: 'transactions',
    ...list('transactions', {
      sort: { name: 'id', type: 'desc' },
      filters: [
        { name: 'status_id', type: FILTER_TYPES.multipleChoice, value: RISK_PENDING_STATUSES.map(String) },
      ],
    }),
  },
  {
    name: 'transactions of one customer',
    account: 'finance',
    reads: 'transactions',
    url: () => '/api/table/transactions',
    body: () => ({
      page: 1,
      limit: 500,
      sort: { name: 'id', type: 'desc' },
      filters: [{ name: 'customer_id', type: FILTER_TYPES.equal, value: String(customerId) }],
    }),
  },
  {
    name: 'Ctrl+K search by name',
    account: 'sales',
    reads: 'leads',
    url: () => '/api/search/',
    // A name nobody has: the case where a scan could not stop early at its LIMIT and would read every
    // lead. A common demo name may rightly be served by a scan that stops after the first matches.
    body: () => ({ keyword: 'zebercet kılıçaslanoğulları' }),
  },
  {
    name: 'Ctrl+K search by phone',
    account: 'admin',
    reads: 'leads',
    url: () => '/api/searchPhone/',
    body: () => ({ keyword: '+90 (532) 111 22 33' }),
  },
  {
    name: 'search suggestions',
    account: 'sales',
    reads: 'leads',
    url: () => '/api/suggestion/',
    body: () => ({ keyword: 'mehm' }),
  },
  { name: 'lead detail: the row', account: 'sales', reads: 'leads', url: () => `/api/row/leads/${leadId}` },
  {
    name: 'lead detail: notes',
    account: 'sales',
    reads: 'leads',
    url: () => '/api/notes/leads',
    body: () => ({ id: leadId }),
  },
  {
    name: 'lead detail: reminders',
    account: 'sales',
    reads: 'leads',
    url: () => '/api/notes/notifications',
    body: () => ({ id: leadId }),
  },
  {
    name: 'lead detail: history',
    account: 'sales',
    reads: 'leads',
    url: () => `/api/journal/leads/${leadId}`,
  },
  {
    name: 'lead detail: matching records',
    account: 'sales',
    reads: 'leads',
    url: () => '/api/getDublicatedLeads',
    body: () => ({ id: leadId }),
  },
  {
    name: 'lead detail: next lead',
    account: 'sales',
    reads: 'leads',
    url: () => `/api/nextLead/${leadId}`,
    body: () => ({ table: 'leads' }),
  },
  {
    name: 'UTM report, this month',
    account: 'admin',
    reads: 'leads',
    url: () => '/api/report/utm',
    body: () => ({ utmKey: 'utm_source', start: daysAgo(30), end: daysAgo(0) }),
  },
  {
    name: 'UTM report, all time (the screen’s first view)',
    account: 'admin',
    reads: 'leads',
    url: () => '/api/report/utm',
    body: () => ({ utmKey: 'utm_campaign' }),
    wholeTableBecause: 'an admin’s all-time report counts every lead; the planner reads the heap once',
  },
  {
    name: 'UTM report of an agent’s team, all time',
    account: 'sales',
    reads: 'leads',
    url: () => '/api/report/utm',
    body: () => ({ utmKey: 'utm_source' }),
  },
  {
    name: 'agent report, this month',
    account: 'admin',
    reads: 'leads',
    url: () => '/api/report/agent',
    body: () => ({ start: daysAgo(30), end: daysAgo(0) }),
  },
  {
    name: 'first-fund chart, this month',
    account: 'admin',
    reads: 'leads',
    url: () => '/api/piechart/firstFund/',
    body: () => ({ start: daysAgo(30), end: daysAgo(0) }),
  },
  {
    name: 'report builder: daily COUNT of leads by status, last 30 days',
    account: 'admin',
    reads: 'leads',
    url: () => '/api/reportBuilder',
    body: () => ({
      table: 'leads',
      reportType: 'daily',
      valueType: 'COUNT',
      xaxis: 'created_at',
      yaxis: 'status_id',
      filters: [
        { name: 'created_at', type: FILTER_TYPES.between, value: { start: daysAgo(29), end: daysAgo(0) } },
      ],
    }),
  },
  {
    name: 'report builder: COUNT of leads by agent and status, last 90 days',
    account: 'admin',
    reads: 'leads',
    url: () => '/api/reportBuilder',
    body: () => ({
      table: 'leads',
      reportType: 'custom',
      valueType: 'COUNT',
      xaxis: 'agent_id',
      yaxis: 'status_id',
      filters: [
        { name: 'created_at', type: FILTER_TYPES.between, value: { start: daysAgo(89), end: daysAgo(0) } },
      ],
    }),
  },
  {
    name: 'report builder: SUM of one week’s transactions by their lead’s agent',
    account: 'admin',
    reads: 'transactions',
    url: () => '/api/reportBuilder',
    body: () => ({
      table: 'transactions',
      reportType: 'daily',
      valueType: 'SUM',
      sumField: 'amount',
      xaxis: 'created_at',
      yaxis: 'lead.agent_id',
      filters: [
        { name: 'created_at', type: FILTER_TYPES.between, value: { start: daysAgo(6), end: daysAgo(0) } },
      ],
    }),
  },
  {
    name: 'transaction search',
    account: 'finance',
    reads: 'transactions',
    url: () => '/api/searchTrx',
    body: () => ({ keyword: String(8_000_000 + customerId) }),
  },
  {
    name: 'transaction: customer info',
    account: 'finance',
    reads: 'transactions',
    url: () => `/api/transaction/leadInfo?trx=${transactionId}`,
  },
  {
    name: 'transaction: journal',
    account: 'finance',
    reads: 'transactions',
    url: () => `/api/transaction/journal/${transactionId}`,
  },
  {
    name: 'transaction: finance approves a deposit',
    account: 'finance',
    reads: 'transactions',
    url: () => `/api/transaction/depositOk/${pendingDeposit}`,
    body: () => ({ amount_bank: '1500.25' }),
  },
];

// Plans are the planner's on both engines (PGlite is PostgreSQL's own planner, in process); the run
// on PostgreSQL (DATABASE_URL) is the one that matters for production and CI runs it too.
describe('query plans of the hot paths (no sequential scan of leads or transactions)', () => {
  for (const path of HOT_PATHS) {
    it(path.name, async () => {
      const explained = await explainCall(() =>
        postForm(app, path.url(), path.body?.() ?? {}, tokens[path.account]),
      );
      expect(watchedRead(explained)).toContain(path.reads);
      if (path.wholeTableBecause) expect(seqScansOfWatched(explained).length).toBeLessThanOrEqual(1);
      else expect(seqScansOfWatched(explained)).toEqual([]);
    });
  }
});

describe('reports over a year of transactions', () => {
  it('the monthly report reads the money from the monthly totals where they can tell the scope', async () => {
    for (const account of ['admin', 'sales'] as const) {
      const explained = await explainCall(() =>
        postForm(app, `/api${contract.reportMonthly.path}`, { trx: 'all' }, tokens[account]),
      );
      const read = explained.flatMap((statement) => statement.scans.map((scan) => scan.relation));
      expect(read, account).toContain('transaction_month_totals');
      expect(read, account).not.toContain('transactions');
    }
  });

  it('elsewhere it hashes the year into its month groups instead of sorting every transaction', async () => {
    // Retention's restriction (retention_id) is no column of the totals: the transactions are aggregated.
    const retention = await login(app, 'retention@demo.crm', DEMO_PASSWORD);
    const explained = await explainCall(() =>
      postForm(app, `/api${contract.reportMonthly.path}`, { trx: 'all' }, retention),
    );
    const money = explained.filter((statement) =>
      statement.scans.some((scan) => scan.relation === 'transactions'),
    );
    expect(money.length).toBeGreaterThan(0);
    // 12 months × 2 types × a few currencies; a sort of every row was an external merge sort on disk.
    for (const statement of money) expect(statement.largestSort, compact(statement.sql)).toBeLessThan(1_000);
  });

  it('the report builder hashes a year of transactions into months by their lead’s agent', async () => {
    const explained = await explainCall(() =>
      postForm(
        app,
        `/api${contract.reportBuilder.path}`,
        {
          table: 'transactions',
          reportType: 'monthly',
          valueType: 'SUM',
          sumField: 'amount',
          xaxis: 'created_at',
          yaxis: 'lead.agent_id',
          filters: [
            {
              name: 'created_at',
              type: FILTER_TYPES.between,
              value: { start: daysAgo(364), end: daysAgo(0) },
            },
          ],
        },
        tokens.admin,
      ),
    );
    const grouped = explained.filter((statement) =>
      statement.scans.some((scan) => scan.relation === 'transactions'),
    );
    expect(grouped.length).toBeGreaterThan(0);
    // Months × agents: a few hundred groups. Sorting every row by a formatted month text took 1.4 s a year.
    for (const statement of grouped)
      expect(statement.largestSort, compact(statement.sql)).toBeLessThan(5_000);
  });
});

describe('a team’s agent searching names', () => {
  const listCall = (account: 'admin' | 'sales', extra: Record<string, unknown>) => {
    const call = list('leads', extra);
    return () => postForm(app, call.url(), call.body?.() ?? {}, tokens[account]);
  };
  const countOf = (explained: readonly ExplainedStatement[]): ExplainedStatement => {
    const count = explained.find((statement) => /count\(\*\)/i.test(statement.sql));
    if (!count) throw new Error('the list ran no count');
    return count;
  };

  it('counts status + name matches from the team’s name index alone (an index-only scan)', async () => {
    const explained = await explainCall(
      listCall('sales', {
        sort: { name: 'created_at', type: 'desc' },
        filters: [
          { name: 'status_id', type: FILTER_TYPES.equal, value: '3' },
          { name: 'name', type: FILTER_TYPES.contains, value: 'yılmaz' },
        ],
      }),
    );
    const scans = countOf(explained).scans.filter((scan) => scan.relation === 'leads');
    expect(scans.map(describeScan)).toEqual([
      expect.stringMatching(/^Index Only Scan.*leads_team_status_created_name_idx/),
    ]);
  });

  it('only a search pinned to no team counts with index-only scans off (the trigram index instead)', async () => {
    const settingsOf = async (
      account: 'admin' | 'sales',
      more: Record<string, unknown>[] = [],
    ): Promise<string[]> => {
      captured.length = 0;
      recording = true;
      try {
        const filters = [{ name: 'name', type: FILTER_TYPES.contains, value: 'öztürk' }, ...more];
        expect((await listCall(account, { filters })()).statusCode).toBe(200);
      } finally {
        recording = false;
      }
      return captured
        .splice(0)
        .flatMap((statement) => (SESSION_SETTING.test(statement.sql) ? [compact(statement.sql)] : []));
    };
    expect(await settingsOf('admin')).toEqual(['set local enable_indexonlyscan = off']);
    expect(await settingsOf('sales')).toEqual([]);
    // the admin's own "team equals" filter pins the team just as the agent's restriction does
    expect(await settingsOf('admin', [{ name: 'team_id', type: FILTER_TYPES.equal, value: '2' }])).toEqual(
      [],
    );
  });
});

describe('a row that may belong to no lead, read by id', () => {
  it('asks for its own lead by primary key instead of reading the team’s lead ids', async () => {
    const sales = await database.db
      .selectFrom('users')
      .select(['id', 'team_id'])
      .where('email', '=', 'sales@demo.crm')
      .executeTakeFirstOrThrow();
    const note = await database.db
      .insertInto('lead_notes')
      .values({ lead_id: leadId, body: 'Plan testi', insert_agent_id: sales.id, agent_name: 'Plan' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const explained = await explainCall(() =>
        postForm(
          app,
          `/api${fillPath(contract.row.path, { table: 'lead_notes', id: note.id }).path}`,
          {},
          tokens.sales,
        ),
      );
      const leadScans = explained.flatMap((statement) =>
        statement.scans.filter((scan) => scan.relation === 'leads'),
      );
      expect(leadScans.length).toBeGreaterThan(0);
      // A probe for the one lead: never the team's lead ids, all of them, as a list to search.
      for (const scan of leadScans) expect(scan.planRows, describeScan(scan)).toBeLessThanOrEqual(1);
    } finally {
      await database.db.deleteFrom('lead_notes').where('id', '=', note.id).execute();
    }
  });
});
