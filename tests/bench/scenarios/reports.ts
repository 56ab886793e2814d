import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import { seedReferenceData } from '../../../src/server/seed/reference-data';
import { contract, encodeForm, type CallName } from '../../../src/shared/contract';
import { UTM_KEYS } from '../../../src/shared/domain/report-keys';
import { benchLogin } from '../bench-login';
import { measurePair } from '../stats';
import type { BenchContext, ResultRow, Section } from './bench-context';
import { LATENCY_COLUMNS, latencyRow } from './latency';

/** docs/performance.md#current-figures: every report on 1,000,000 leads under 500 ms p95 and within 2x of the same SQL by hand. */
export const REPORT_TARGET = { maxP95Ms: 500, maxRatio: 2, text: 'p95 < 500 ms, ≤ 2× SQL' } as const;
/** A report reads every lead of the scope: fewer rounds than the list scenarios keep the bench short. */
const MAX_REPORT_ROUNDS = 30;

interface ReportCase {
  scenario: string;
  call: CallName;
  body: Record<string, unknown>;
  account: string;
  /** The same figures by hand: one GROUP BY, no session, permission or option-list lookups. */
  raw: (db: Kysely<Database>, teamId: number | null) => Promise<unknown>;
}

const teamFilter = (teamId: number | null) => (teamId === null ? sql`true` : sql`team_id = ${teamId}`);

function cases(): ReportCase[] {
  const utm: ReportCase[] = UTM_KEYS.map((key) => ({
    scenario: `/report/utm ${key}, müdür (tüm leadler)`,
    call: 'reportUtm',
    body: { utmKey: key },
    account: 'sales_manager@demo.crm',
    raw: (db, teamId) =>
      sql`select ${sql.ref(key)}, status_id, count(*) from leads where ${teamFilter(teamId)}
        group by 1, 2`.execute(db),
  }));
  return [
    ...utm,
    {
      scenario: '/report/utm utm_source, satış temsilcisi (kendi takımı)',
      call: 'reportUtm',
      body: { utmKey: 'utm_source' },
      account: 'sales@demo.crm',
      raw: (db, teamId) =>
        sql`select utm_source, status_id, count(*) from leads where ${teamFilter(teamId)}
          group by 1, 2`.execute(db),
    },
    {
      scenario: '/report/agent son 30 gün, müdür',
      call: 'reportAgent',
      body: { start: daysAgo(29), end: daysAgo(0) },
      account: 'sales_manager@demo.crm',
      raw: (db) => {
        const from = sql`${daysAgo(29)}::timestamp`;
        const to = sql`${daysAgo(-1)}::timestamp`;
        return Promise.all([
          sql`select agent_id, status_id, count(*) from leads
            where created_at >= ${from} and created_at < ${to} group by 1, 2`.execute(db),
          sql`select user_id, count(*) from call_logs
            where created_at >= ${from} and created_at < ${to} group by 1`.execute(db),
          sql`select insert_agent_id, count(*) from lead_notes
            where created_at >= ${from} and created_at < ${to} group by 1`.execute(db),
          sql`select agent_id, count(*) from leads
            where customer_set_date >= ${from} and customer_set_date < ${to} group by 1`.execute(db),
        ]);
      },
    },
    {
      scenario: '/piechart/firstFund bu ay, müdür',
      call: 'firstFund',
      body: {},
      account: 'sales_manager@demo.crm',
      raw: (db) =>
        sql`select agent_id, count(*) from leads
          where first_fund_date >= date_trunc('month', localtimestamp)
            and first_fund_date < date_trunc('month', localtimestamp) + interval '1 month'
          group by 1`.execute(db),
    },
    ...[
      { who: 'müdür', account: 'sales_manager@demo.crm' },
      { who: 'satış temsilcisi (kendi takımı)', account: 'sales@demo.crm' },
    ].map(({ who, account }): ReportCase => ({
      scenario: `/report/monthly bu yıl, ${who}`,
      call: 'reportMonthly',
      body: {},
      account,
      raw: (db, teamId) => {
        const from = sql`date_trunc('year', localtimestamp)`;
        const to = sql`date_trunc('year', localtimestamp) + interval '1 year'`;
        const byMonth = (field: string) =>
          sql`select extract(month from ${sql.ref(field)}), count(*) from leads
              where ${teamFilter(teamId)} and ${sql.ref(field)} >= ${from} and ${sql.ref(field)} < ${to}
              group by 1`.execute(db);
        const customers =
          teamId === null ? sql`true` : sql`customer_id in (select id from leads where team_id = ${teamId})`;
        return Promise.all([
          byMonth('created_at'),
          byMonth('customer_set_date'),
          byMonth('first_fund_date'),
          // As a DBA would write it: the year's rows hashed into month groups first (migration 021's
          // statistics name this very expression), the year's totals from those groups.
          sql`with months as (
                select extract(month from created_at)::int as m, type, currency_id, count(*) as n,
                  sum(amount) as total
                from transactions where ${customers} and created_at >= ${from} and created_at < ${to}
                group by 1, 2, 3)
              select m, type, currency_id, sum(n), sum(total) from months
              group by grouping sets ((m, type, currency_id), (type, currency_id))`.execute(db),
        ]);
      },
    })),
    ...builderCases(),
  ];
}

/** The report builder (/reportBuilder) beside the GROUP BY it stands for. */
function builderCases(): ReportCase[] {
  const range = (days: number) => ({
    name: 'created_at',
    type: 10,
    value: { start: daysAgo(days - 1), end: daysAgo(0) },
  });
  const from = (days: number) => sql`${daysAgo(days - 1)}::timestamp`;
  const to = sql`${daysAgo(-1)}::timestamp`;
  return [
    {
      scenario: '/reportBuilder günlük COUNT, durumlara göre, son 30 gün, müdür',
      call: 'reportBuilder',
      body: {
        table: 'leads',
        reportType: 'daily',
        valueType: 'COUNT',
        xaxis: 'created_at',
        yaxis: 'status_id',
        filters: [range(30)],
      },
      account: 'sales_manager@demo.crm',
      raw: (db) =>
        sql`select to_char(created_at, 'YYYY-MM-DD'), status_id::text, count(*) from leads
          where created_at >= ${from(30)} and created_at < ${to} group by 1, 2`.execute(db),
    },
    {
      scenario: '/reportBuilder özel COUNT, temsilci × durum, son 90 gün, müdür',
      call: 'reportBuilder',
      body: {
        table: 'leads',
        reportType: 'custom',
        valueType: 'COUNT',
        xaxis: 'agent_id',
        yaxis: 'status_id',
        filters: [range(90)],
      },
      account: 'sales_manager@demo.crm',
      raw: (db) =>
        sql`select agent_id::text, status_id::text, count(*) from leads
          where created_at >= ${from(90)} and created_at < ${to} group by 1, 2`.execute(db),
    },
    {
      scenario: "/reportBuilder aylık SUM tutar, işlemler × lead'in temsilcisi, son 365 gün, müdür",
      call: 'reportBuilder',
      body: {
        table: 'transactions',
        reportType: 'monthly',
        valueType: 'SUM',
        sumField: 'amount',
        xaxis: 'created_at',
        yaxis: 'lead.agent_id',
        filters: [range(365)],
      },
      account: 'sales_manager@demo.crm',
      raw: (db) =>
        sql`select to_char(t.created_at, 'YYYY-MM'), l.agent_id::text, sum(t.amount) from transactions t
          left join leads l on l.id = t.customer_id
          where t.created_at >= ${from(365)} and t.created_at < ${to} group by 1, 2`.execute(db),
    },
    {
      // The range's first month is a partial one with transactions in it: those 29 days are aggregated
      // from the transactions themselves, the rest from the monthly totals (migration 022).
      scenario:
        "/reportBuilder aylık SUM tutar, işlemler × lead'in temsilcisi, 10 ay önceki ayın 2'sinden bugüne, müdür",
      call: 'reportBuilder',
      body: {
        table: 'transactions',
        reportType: 'monthly',
        valueType: 'SUM',
        sumField: 'amount',
        xaxis: 'created_at',
        yaxis: 'lead.agent_id',
        filters: [{ name: 'created_at', type: 10, value: { start: secondOfMonthAgo(10), end: daysAgo(0) } }],
      },
      account: 'sales_manager@demo.crm',
      raw: (db) =>
        sql`select to_char(t.created_at, 'YYYY-MM'), l.agent_id::text, sum(t.amount) from transactions t
          left join leads l on l.id = t.customer_id
          where t.created_at >= ${secondOfMonthAgo(10)}::timestamp and t.created_at < ${to} group by 1, 2`.execute(
          db,
        ),
    },
  ];
}

/** The 2nd day of the month `months` before this one (YYYY-MM-DD). */
function secondOfMonthAgo(months: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 2));
  return day.toISOString().slice(0, 10);
}

function daysAgo(days: number): string {
  const day = new Date(Date.now() - days * 86_400_000);
  return day.toISOString().slice(0, 10);
}

export async function runReports(context: BenchContext): Promise<Section> {
  const { app, handle, log } = context;
  const rounds = Math.min(context.rounds, MAX_REPORT_ROUNDS);
  // A bench database seeded before the report builder was registered gets its menu entry and
  // permissions now, as a server's start-up (bootstrap) gives them to any older database.
  await seedReferenceData(handle.db);
  const tokens = new Map<string, string>();
  const rows: ResultRow[] = [];
  for (const report of cases()) {
    const token = tokens.get(report.account) ?? (await benchLogin(app, report.account));
    tokens.set(report.account, token);
    const team = await sql<{ team_id: number | null; department: string }>`select team_id, department
      from users where email = ${report.account}`.execute(handle.db);
    // Agents are restricted to their team in the demo permissions; managers see every lead.
    const teamId = team.rows[0]?.department === 'sales' ? (team.rows[0]?.team_id ?? null) : null;
    const url = `/api${contract[report.call].path}`;
    const payload = encodeForm(report.body);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' };
    const send = async (): Promise<void> => {
      const response = await app.inject({ method: 'POST', url, headers, payload });
      if (response.statusCode !== 200) throw new Error(`${url} (${response.statusCode}): ${response.body}`);
    };
    const pair = await measurePair(
      send,
      async () => {
        // On the reports' own connections, as the API runs them (parallel workers allowed).
        await report.raw(handle.reportDb, teamId);
      },
      rounds,
      3,
    );
    const pass =
      pair.subject.p95 < REPORT_TARGET.maxP95Ms &&
      pair.subject.p95 <= REPORT_TARGET.maxRatio * pair.baseline.p95;
    log(
      `  ${report.scenario}: p95 ${pair.subject.p95.toFixed(1)} ms (SQL ${pair.baseline.p95.toFixed(1)} ms)`,
    );
    rows.push(
      latencyRow(
        {
          scenario: report.scenario,
          matched: null,
          of: context.leads,
          subject: pair.subject,
          baseline: pair.baseline,
        },
        REPORT_TARGET.text,
        pass,
      ),
    );
  }
  return {
    title: `Raporlar: UTM, temsilci, aylık, ilk yatırım ve rapor oluşturucu (${rounds} ölçüm)`,
    columns: LATENCY_COLUMNS,
    rows,
    notes: [
      'SQL sütunu: aynı GROUP BY elle yazılmış hali (oturum, yetki, seçenek listesi etiketleri yok). ' +
        'Rapor sayımı veritabanında yapar; her değer ve durum için bir satır döner.',
    ],
  };
}
