import { sql, type RawBuilder } from 'kysely';
import { LIST_COUNT_CAP } from '../../../src/shared/domain/constants';
import {
  escapeLikePattern,
  FILTER_TYPE_LABELS,
  FILTER_TYPES,
  type FilterType,
} from '../../../src/shared/domain/filters';
import { foldTurkish } from '../../../src/shared/domain/turkish-fold';
import { measure, measurePair, type Summary } from '../stats';
import { count, ms, type BenchContext, type ResultRow, type Section } from './bench-context';
import { LATENCY_COLUMNS, LIST_TARGET, latencyRow, meetsListTarget } from './latency';
import { expectedTotal, listSql } from './list-sql';
import { planSummary } from './sql-plan';
import { idsOf, tableCall } from './table-call';

type FilterValue = string | string[] | { start: string; end: string };

/** One filter type on /table/leads and the same WHERE written by hand. */
interface FilterCase {
  type: FilterType;
  /** What is filtered, in words: "status_id = 3". */
  what: string;
  filter: { name: string; type: FilterType; value: FilterValue };
  where: RawBuilder<boolean>;
  /** Not a target: shows the API's fixed cost per call (session, permissions) on a one-row query. */
  reference?: boolean;
}

/** Facts of the data set the filter values are derived from, so a reseed keeps the same selectivity. */
interface DataFacts {
  /** Day of the newest lead, YYYY-MM-DD (the seed spreads two years of leads up to its "now"). */
  newestDay: string;
  maxId: number;
  maxAgentId: number;
}

const COLUMNS = ['id', 'name', 'status_id', 'agent_id', 'utm_source', 'team_id', 'created_at'] as const;
const PAGE_SIZE = 15;
/** Rounds of the page-only and count-only runs that explain a missed target. */
const DIAGNOSTIC_ROUNDS = 30;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const likeOf = (text: string, shape: (escaped: string) => string): string =>
  shape(escapeLikePattern(foldTurkish(text)));

/** The twelve operator types of docs/requirements.md#filters-and-list-input, each with a realistic value on 1,000,000 demo leads. */
function filterCases(facts: DataFacts): FilterCase[] {
  const day = facts.newestDay;
  const nameLike = (pattern: string): RawBuilder<boolean> =>
    sql<boolean>`name_folded like ${pattern} escape '\\'`;
  const contains = likeOf('Öztürk', (e) => `%${e}%`);
  const notContains = likeOf('Şahin', (e) => `%${e}%`);
  const startsWith = likeOf('Ayşe', (e) => `${e}%`);
  const endsWith = likeOf('Çelik', (e) => `%${e}`);
  const halfId = Math.floor(facts.maxId / 2);
  const fromAgent = facts.maxAgentId - 3;
  // A bare day on a timestamp means that whole day: "> day" starts the next day, "<= day" ends with it.
  const after = addDays(day, -30);
  const upTo = addDays(day, -365);
  const rangeStart = addDays(day, -395);
  const rangeEnd = addDays(day, -366);
  return [
    {
      type: 1,
      what: `id = ${facts.maxId} (tek satır; API'nin sabit maliyeti)`,
      filter: { name: 'id', type: 1, value: String(facts.maxId) },
      where: sql<boolean>`id = ${facts.maxId}`,
      reference: true,
    },
    {
      type: 1,
      what: 'status_id = 3',
      filter: { name: 'status_id', type: 1, value: '3' },
      where: sql<boolean>`status_id = ${3}`,
    },
    {
      type: 2,
      what: 'isim "Öztürk" içerir',
      filter: { name: 'name', type: 2, value: 'Öztürk' },
      where: nameLike(contains),
    },
    {
      type: 3,
      what: 'isim "Şahin" içermez',
      filter: { name: 'name', type: 3, value: 'Şahin' },
      where: sql<boolean>`(name is null or not (${nameLike(notContains)}))`,
    },
    {
      type: 4,
      what: `created_at > ${after} (son 30 gün)`,
      filter: { name: 'created_at', type: 4, value: after },
      where: sql<boolean>`created_at >= ${`${addDays(after, 1)} 00:00:00`}`,
    },
    {
      type: 5,
      what: `id < ${halfId}`,
      filter: { name: 'id', type: 5, value: String(halfId) },
      where: sql<boolean>`id < ${halfId}`,
    },
    {
      type: 6,
      what: `agent_id ≥ ${fromAgent} (4 temsilci)`,
      filter: { name: 'agent_id', type: 6, value: String(fromAgent) },
      where: sql<boolean>`agent_id >= ${fromAgent}`,
    },
    {
      type: 7,
      what: `created_at ≤ ${upTo} (bir yıldan eski)`,
      filter: { name: 'created_at', type: 7, value: upTo },
      where: sql<boolean>`created_at < ${`${addDays(upTo, 1)} 00:00:00`}`,
    },
    {
      type: 8,
      what: 'isim "Ayşe" ile başlar',
      filter: { name: 'name', type: 8, value: 'Ayşe' },
      where: nameLike(startsWith),
    },
    {
      type: 9,
      what: 'isim "Çelik" ile biter',
      filter: { name: 'name', type: 9, value: 'Çelik' },
      where: nameLike(endsWith),
    },
    {
      type: 10,
      what: `created_at ${rangeStart} … ${rangeEnd} (30 gün, bir yıl önce)`,
      filter: { name: 'created_at', type: 10, value: { start: rangeStart, end: rangeEnd } },
      where: sql<boolean>`(created_at >= ${`${rangeStart} 00:00:00`} and created_at < ${`${addDays(rangeEnd, 1)} 00:00:00`})`,
    },
    {
      type: 11,
      what: 'status_id ∈ (2, 4, 6)',
      filter: { name: 'status_id', type: 11, value: ['2', '4', '6'] },
      where: sql<boolean>`status_id in (${sql.join([2, 4, 6])})`,
    },
    {
      type: 12,
      what: 'status_id ∉ (1, 2)',
      filter: { name: 'status_id', type: 12, value: ['1', '2'] },
      where: sql<boolean>`(status_id is null or status_id not in (${sql.join([1, 2])}))`,
    },
  ];
}

async function dataFacts(context: BenchContext): Promise<DataFacts> {
  const result = await sql<{ day: string; max_id: number; max_agent: number }>`select
      (select max(created_at)::date::text from leads) as day,
      (select max(id) from leads) as max_id,
      (select max(agent_id) from leads) as max_agent`.execute(context.handle.db);
  const row = result.rows[0];
  if (!row) throw new Error('no leads');
  return { newestDay: row.day, maxId: Number(row.max_id), maxAgentId: Number(row.max_agent) };
}

interface Diagnosis {
  page: Summary;
  count: Summary;
  pagePlan: string;
  countPlan: string;
}

/** Why a scenario missed: the page and the count SQL timed on their own, and the planner's choice. */
async function diagnose(
  context: BenchContext,
  pageSql: RawBuilder<unknown>,
  countSql: RawBuilder<unknown>,
): Promise<Diagnosis> {
  const { db } = context.handle;
  const rounds = Math.min(context.rounds, DIAGNOSTIC_ROUNDS);
  return {
    page: await measure(async () => {
      await pageSql.execute(db);
    }, rounds),
    count: await measure(async () => {
      await countSql.execute(db);
    }, rounds),
    pagePlan: await planSummary(db, pageSql),
    countPlan: await planSummary(db, countSql),
  };
}

function missReason(subject: Summary, baseline: Summary, diagnosis: Diagnosis): string {
  const parts: string[] = [];
  if (baseline.p95 >= LIST_TARGET.maxP95Ms) {
    parts.push(`elle yazılan SQL de ${LIST_TARGET.maxP95Ms} ms'yi aşıyor (SQL p95 ${ms(baseline.p95)} ms)`);
  } else parts.push(`API p95 ${ms(subject.p95)} ms`);
  parts.push(
    `ayrı ayrı: sayfa p95 ${ms(diagnosis.page.p95)} ms, toplam p95 ${ms(diagnosis.count.p95)} ms`,
    diagnosis.page.p95 > diagnosis.count.p95 ? 'yavaş olan sayfa sorgusu' : 'yavaş olan toplam sorgusu',
  );
  return parts.join('; ');
}

const FIELDS_OF_PAGE = [...COLUMNS];

export async function runFilterTypes(context: BenchContext): Promise<Section> {
  const { handle, log } = context;
  const rounds = Number(process.env.BENCH_FILTER_ROUNDS ?? context.rounds);
  const extraRounds = Math.min(rounds, DIAGNOSTIC_ROUNDS);
  const facts = await dataFacts(context);
  const rows: ResultRow[] = [];
  const notes: string[] = [
    `SQL sütunu: API'nin çalıştırdığı sorguların elle yazılmışı (önce sayfanın id'leri, sonra satırları; ` +
      `toplam ${count(LIST_COUNT_CAP)} eşleşmede durur). Not sütunundaki "düz SQL": tam satırlarla id ` +
      `sırasında filtreleyen sayfa ve her eşleşmeyi sayan count; "kesin toplam": kullanıcı "Tam sayıyı ` +
      `göster" dediğinde API (exact_total=1). İkisi hedef değil, karşılaştırma (${extraRounds} ölçüm).`,
  ];

  for (const item of filterCases(facts)) {
    const label = item.reference
      ? `Referans: ${item.what}`
      : `${item.type} ${FILTER_TYPE_LABELS[item.type]}: ${item.what}`;
    log(`  filtre ${label}`);
    const body = {
      page: 1,
      limit: PAGE_SIZE,
      sort: { name: 'id', type: 'desc' },
      filters: [item.filter],
      fields: FIELDS_OF_PAGE,
    };
    const call = tableCall(context, body);
    const exactCall = tableCall(context, { ...body, exact_total: '1' });
    const queries = listSql(COLUMNS, item.where, sql`id desc`, PAGE_SIZE);
    // As the server counts a search inside names: without index-only scans, so the trigram index answers.
    const insideNames = item.type === FILTER_TYPES.contains || item.type === FILTER_TYPES.endsWith;
    const rawCount = async (): Promise<void> => {
      if (!insideNames) {
        await queries.count.execute(handle.db);
        return;
      }
      await handle.db.transaction().execute(async (trx) => {
        await sql`set local enable_indexonlyscan = off`.execute(trx);
        await queries.count.execute(trx);
      });
    };
    const rawSql = async (): Promise<void> => {
      await Promise.all([queries.page.execute(handle.db), rawCount()]);
    };
    const naiveSql = async (): Promise<void> => {
      await Promise.all([queries.naivePage.execute(handle.db), queries.exactCount.execute(handle.db)]);
    };

    // The hand-written SQL must answer exactly what the API answers, or the comparison means nothing.
    const answer = await call.answer();
    const [page, naivePage, exact] = await Promise.all([
      queries.page.execute(handle.db),
      queries.naivePage.execute(handle.db),
      queries.exactCount.execute(handle.db),
    ]);
    const exactTotal = Number(exact.rows[0]?.total ?? -1);
    const expected = expectedTotal(exactTotal);
    const ids = idsOf(answer.results).join(',');
    const same =
      answer.total === expected.total &&
      (answer.total_capped === true) === expected.capped &&
      ids === idsOf(page.rows).join(',') &&
      ids === idsOf(naivePage.rows).join(',');

    const pair = await measurePair(call.send, rawSql, rounds);
    const pass = same && meetsListTarget(pair.subject);
    let note: string | undefined;
    if (!same) {
      note = `API ile SQL farklı sonuç verdi (toplam ${answer.total} / ${exactTotal}, id'ler ${ids})`;
    } else if (item.reference) {
      note = `API − SQL: p50 ${ms(pair.subject.p50 - pair.baseline.p50)} ms (oturum, yetki, JSON)`;
    } else {
      const naive = await measure(naiveSql, extraRounds);
      const exactApi = await measure(exactCall.send, extraRounds);
      const compared =
        `düz SQL p95 ${ms(naive.p95)} ms; kesin toplam (${count(exactTotal)}) API p95 ` +
        `${ms(exactApi.p95)} ms`;
      if (pass) note = compared;
      else {
        const diagnosis = await diagnose(context, queries.page, queries.count);
        note = `${missReason(pair.subject, pair.baseline, diagnosis)}; ${compared}`;
        notes.push(
          `Tür ${item.type} planı — sayfa: ${diagnosis.pagePlan} (p95 ${ms(diagnosis.page.p95)} ms); ` +
            `toplam: ${diagnosis.countPlan} (p95 ${ms(diagnosis.count.p95)} ms).`,
        );
      }
    }
    rows.push(
      latencyRow(
        {
          scenario: label,
          matched: exactTotal,
          of: context.leads,
          subject: pair.subject,
          baseline: pair.baseline,
        },
        item.reference ? 'taban' : LIST_TARGET.text,
        item.reference && same ? null : pass,
        note,
      ),
    );
  }

  return {
    title: `Her filtre türü: /table/leads, id desc, ${PAGE_SIZE} satır, toplam ${count(LIST_COUNT_CAP)}'de durur (${rounds} ölçüm)`,
    columns: LATENCY_COLUMNS,
    rows,
    notes,
  };
}
