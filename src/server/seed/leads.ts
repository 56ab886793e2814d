import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { foldTurkish } from '../../shared/domain/turkish-fold';
import type { Database } from '../db/schema';
import { TEAM_NAMES } from './reference-data';
import {
  COUNTRIES,
  CUSTOMER_STATUS_LABEL,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  LEAD_STATUSES,
  MALE_NAMES,
  MOBILE_PREFIXES,
  NEIGHBOURHOODS,
  NEW_STATUS_LABEL,
  NOTE_SENTENCES,
  OCCUPATIONS,
  PROVINCES,
  STREETS,
  SURNAMES,
  UTM_CAMPAIGNS,
  UTM_SOURCES,
} from './turkish-data';

/** The one lead every environment has, with a low id: the e2e tests search for it by name and phone. */
export const FIXED_LEAD = {
  name: 'Işık Yılmaz',
  phone: '+90 (532) 111 22 33',
  email: 'isik.yilmaz@gmail.com',
  city: 'İstanbul',
  ilce: 'Kadıköy',
  utm_source: 'google',
  utm_campaign: 'forex_egitim',
  status: 'İlgileniyor',
  agentEmail: 'sales@demo.crm',
} as const;
const FIXED_LEAD_DIGITS = '5321112233';

export type SeedLeadsProgress =
  | { readonly phase: 'leads'; readonly done: number; readonly total: number }
  | { readonly phase: 'drop-indexes' | 'rebuild-indexes' | 'notes' | 'analyze' };

export interface SeedLeadsOptions {
  /** Rows per INSERT ... SELECT statement; large enough to amortise, small enough to report progress. */
  readonly batchSize?: number;
  /** Lead notes to spread over the first leads of this run (default: a few hundred). */
  readonly notes?: number;
  /**
   * Drop the secondary indexes and foreign keys of leads while loading and rebuild them afterwards.
   * 'auto' does so when the load at least doubles the table and is large.
   */
  readonly bulkLoad?: boolean | 'auto';
  /** Run ANALYZE afterwards so the planner sees the new distribution (default true). */
  readonly analyze?: boolean;
  /** Varies the generated data between otherwise identical runs. */
  readonly seed?: number;
  readonly onProgress?: (progress: SeedLeadsProgress) => void;
}

export interface SeedLeadsResult {
  /** Leads inserted by this call, the fixed lead included. */
  readonly leads: number;
  readonly notes: number;
  readonly firstId: number | null;
  readonly lastId: number | null;
  readonly bulkLoad: boolean;
  readonly elapsedMs: number;
}

const DEFAULT_BATCH = 200_000;
const DEFAULT_NOTES = 400;
/** Notes land on this many of the run's first leads, so the lead detail of low ids shows history. */
const NOTE_SPREAD = 120;
const BULK_LOAD_MIN_ROWS = 50_000;
const SPAN_SECONDS = 730 * 24 * 3600;
/** Shares, in percent or per mille as named. */
const CUSTOMER_PERMILLE = 100;
const COMPOUND_NAME_PCT = 7;

// ---- SQL building helpers. Every value is ours (word lists, ids read from the database), inlined as
// ---- escaped literals so a batch is one self-contained statement with no parameters to ship.

type Lookup = (index: RawBuilder<unknown>) => RawBuilder<unknown>;

/**
 * Subscript into an inlined array of strings. Short strings go into a name[] array: its fixed-width
 * (64-byte) elements make a subscript a constant-time jump, while text[] walks every earlier element, which
 * made these lookups most of the generation time (~250 ns against ~45 ns per pick with ~100 elements).
 */
function textLookup(values: readonly string[]): Lookup {
  if (values.length === 0) return () => sql`null::text`;
  const fitsName = values.every((value) => Buffer.byteLength(value, 'utf8') < 64);
  const array = sql`(array[${sql.join(values.map((value) => sql.lit(value)))}]::${sql.raw(fitsName ? 'name' : 'text')}[])`;
  return (index) => (fitsName ? sql`${array}[${index}]::text` : sql`${array}[${index}]`);
}

const intArray = (values: readonly number[]): RawBuilder<unknown> => {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new Error(`seedLeads: ${value} is not an integer`);
  }
  // Parenthesised so a subscript can follow the cast.
  return values.length === 0
    ? sql`(array[]::int[])`
    : sql`(array[${sql.join(values.map((value) => sql.lit(value)))}]::int[])`;
};

/** Repeats each 1-based index by its weight: a uniform pick from the result is a weighted pick. */
function weightedSlots(weights: readonly number[]): number[] {
  const slots: number[] = [];
  weights.forEach((weight, index) => {
    for (let k = 0; k < weight; k += 1) slots.push(index + 1);
  });
  return slots;
}

/**
 * Deterministic pseudo-random non-negative 31-bit integer for row i and stream k. hashint8extended is the
 * stable hash PostgreSQL uses for hash partitioning, so the data is the same on every server and in PGlite,
 * and independent of batch boundaries (unlike setseed + random()).
 */
function makeRandom(salt: number): (stream: number) => RawBuilder<unknown> {
  return (stream) => sql.raw(`(hashint8extended(i, ${salt * 1000 + stream}) & 2147483647)`);
}

/** 1-based pick from an SQL array of length n using random stream k. */
const pickIndex = (
  rnd: (stream: number) => RawBuilder<unknown>,
  n: number,
  stream: number,
): RawBuilder<unknown> => sql`(1 + ${rnd(stream)} % ${sql.lit(Math.max(n, 1))})::int`;

interface GeneratorContext {
  readonly nowText: string;
  readonly agents: readonly { readonly id: number; readonly team_id: number }[];
  readonly retention: readonly number[];
  readonly statusSlots: readonly number[];
  readonly newStatusId: number;
  readonly customerStatusId: number | null;
}

const trFold = (text: string): string => foldTurkish(text).replace(/[^a-z]/g, '');

/**
 * One INSERT ... SELECT over generate_series(from, to). runLast and runSize describe the whole run, so
 * created_at keeps rising with the id across batch boundaries.
 */
function leadBatchQuery(
  context: GeneratorContext,
  salt: number,
  range: { readonly from: number; readonly to: number; readonly runLast: number; readonly runSize: number },
): RawBuilder<unknown> {
  const r = makeRandom(salt);
  const given = [...FEMALE_NAMES, ...MALE_NAMES];
  const nF = FEMALE_NAMES.length;
  const nM = MALE_NAMES.length;
  const givenArr = textLookup(given);
  const givenUpper = textLookup(given.map((name) => name.toLocaleUpperCase('tr-TR')));
  const givenLower = textLookup(given.map((name) => name.toLocaleLowerCase('tr-TR')));
  const givenFold = textLookup(given.map(trFold));
  const surArr = textLookup(SURNAMES);
  const surUpper = textLookup(SURNAMES.map((name) => name.toLocaleUpperCase('tr-TR')));
  const surLower = textLookup(SURNAMES.map((name) => name.toLocaleLowerCase('tr-TR')));
  const surFold = textLookup(SURNAMES.map(trFold));
  // Common surnames first: weight 6, 4, 3, 3, 3, 2, ... 1.
  const surnameSlots = weightedSlots(
    SURNAMES.map((_, index) => Math.max(1, Math.round(6 / Math.sqrt(index + 1)))),
  );
  // 'Işık Yılmaz' must stay unique for the e2e search, so that pair is never generated.
  const isikIndex = given.indexOf('Işık') + 1;
  const yilmazIndex = SURNAMES.indexOf('Yılmaz') + 1;
  // Colliding rows get any other surname, so no single replacement name piles up.
  const otherSurnames = SURNAMES.map((_, index) => index + 1).filter((index) => index !== yilmazIndex);

  const provinceSlots = weightedSlots(PROVINCES.map((province) => province.weight));
  const districts = PROVINCES.flatMap((province) => province.districts);
  const districtStart: number[] = [];
  let start = 0;
  for (const province of PROVINCES) {
    districtStart.push(start);
    start += province.districts.length;
  }
  const districtCount = PROVINCES.map((province) => province.districts.length);

  const domainSlots = weightedSlots(EMAIL_DOMAINS.map((entry) => entry.weight));
  const utmSlots = weightedSlots(UTM_SOURCES.map((entry) => entry.weight));
  const countrySlots = weightedSlots(COUNTRIES.map((country) => country.weight));
  // Phone formats seen in imported lists; all normalise to the same 10 digits.
  const phoneFormatSlots = weightedSlots([30, 20, 15, 10, 8, 10, 4, 3]);

  const nA = context.agents.length;
  const nR = context.retention.length;
  const now = sql`${sql.lit(context.nowText)}::timestamp`;
  const seconds = (expression: RawBuilder<unknown>) => sql`(${expression}) * interval '1 second'`;
  const at = (back: RawBuilder<unknown>) => sql`${now} - ${seconds(back)}`;
  // Newer ids get newer dates: the run spans two years ending now, with jitter inside each step.
  const step = Math.max(1, Math.floor(SPAN_SECONDS / Math.max(range.runSize, 1)));

  // Groups of the 10 digits (phd, from level 2) for the spaced formats: 532 123 45 67.
  const p = sql`substr(phd, 1, 3)`;
  const a = sql`substr(phd, 4, 3)`;
  const b = sql`substr(phd, 7, 2)`;
  const c = sql`substr(phd, 9, 2)`;
  const prefixes = textLookup(MOBILE_PREFIXES);
  const digits = (stream: number, prefixStream: number) =>
    sql`${prefixes(pickIndex(r, MOBILE_PREFIXES.length, prefixStream))} || lpad((${r(stream)} % 10000000)::text, 7, '0')`;

  // Level 1: the raw picks that later expressions use more than once. OFFSET 0 keeps PostgreSQL from
  // flattening the subqueries, so each pick is computed once per row instead of at every use.
  const level1 = sql`
    select i,
      case when ${r(1)} % 2 = 0 then 1 + (${r(2)} % ${sql.lit(nF)})::int else ${sql.lit(nF + 1)} + (${r(2)} % ${sql.lit(nM)})::int end as gi,
      case when ${r(3)} % 100 >= ${sql.lit(COMPOUND_NAME_PCT)} then 0
           when ${r(1)} % 2 = 0 then 1 + (${r(4)} % ${sql.lit(nF)})::int
           else ${sql.lit(nF + 1)} + (${r(4)} % ${sql.lit(nM)})::int end as gi2,
      ${intArray(surnameSlots)}[${pickIndex(r, surnameSlots.length, 5)}] as si,
      ${r(6)} % 100 as name_case,
      (${r(7)} % 1000 < ${sql.lit(CUSTOMER_PERMILLE)}) as cust,
      ${pickIndex(r, nA, 8)} as ai,
      ${intArray(provinceSlots)}[${pickIndex(r, provinceSlots.length, 9)}] as ci,
      (${sql.lit(range.runLast)} - i)::bigint * ${sql.lit(step)} + ${r(10)} % ${sql.lit(step)} as back,
      ${intArray(context.statusSlots)}[${pickIndex(r, context.statusSlots.length, 11)}] as st_pick,
      ${digits(12, 13)} as ph,
      ${intArray(phoneFormatSlots)}[${pickIndex(r, phoneFormatSlots.length, 14)}] as fmt,
      ${intArray(utmSlots)}[${pickIndex(r, utmSlots.length, 15)}] as ui,
      100000000 + ${r(16)} % 900000000 as tcb
    from generate_series(${sql.lit(range.from)}, ${sql.lit(range.to)}) as i
    offset 0`;

  // Level 2: values derived from level 1 (the Işık Yılmaz guard, district within the province, customer
  // date, TC digit sums).
  const tcDigit = (position: number) => sql.raw(`((tcb / ${10 ** (9 - position)}) % 10)`);
  const level2 = sql`
    select l1.*,
      case when (gi = ${sql.lit(isikIndex)} or gi2 = ${sql.lit(isikIndex)}) and si = ${sql.lit(yilmazIndex)}
           then ${intArray(otherSurnames)}[${pickIndex(r, otherSurnames.length, 57)}] else si end as sj,
      case when gi2 = gi then 0 else gi2 end as gj,
      case when cust then ${sql.lit(context.customerStatusId ?? 0)} else st_pick end as st,
      case when ph = ${sql.lit(FIXED_LEAD_DIGITS)} then '5321112234' else ph end as phd,
      ${intArray(districtStart)}[ci] + 1 + (${r(17)} % ${intArray(districtCount)}[ci])::int as di,
      case when cust then back - ${r(18)} % least(back + 1, ${sql.lit(60 * 86400)}) end as cs_back,
      (${tcDigit(1)} + ${tcDigit(3)} + ${tcDigit(5)} + ${tcDigit(7)} + ${tcDigit(9)}) as tc_odd,
      (${tcDigit(2)} + ${tcDigit(4)} + ${tcDigit(6)} + ${tcDigit(8)}) as tc_even
    from (${level1}) as l1
    offset 0`;

  // Level 3: a few more derived seconds-back values.
  const level3 = sql`
    select l2.*,
      case when st = ${sql.lit(context.newStatusId)} and not cust then null
           when cust then ${r(19)} % (cs_back + 1)
           else ${r(19)} % (back + 1) end as upd_back,
      case when cust and ${r(20)} % 100 < 75 then cs_back - ${r(21)} % least(cs_back + 1, ${sql.lit(3 * 86400)}) end as fd_back
    from (${level2}) as l2
    offset 0`;

  const nameOf = (givenName: Lookup, surname: Lookup) =>
    sql`${givenName(sql`gi`)} || coalesce(' ' || ${givenName(sql`gj`)}, '') || ' ' || ${surname(sql`sj`)}`;
  const province = textLookup(PROVINCES.map((entry) => entry.name))(sql`ci`);
  const district = textLookup(districts)(sql`di`);
  const hasCity = sql`(cust or ${r(22)} % 100 < 85)`;
  const phone = sql`case fmt
      when 1 then '0' || phd
      when 2 then phd
      when 3 then '+90 ' || ${p} || ' ' || ${a} || ' ' || ${b} || ' ' || ${c}
      when 4 then '0 (' || ${p} || ') ' || ${a} || ' ' || ${b} || ' ' || ${c}
      when 5 then '+90' || phd
      when 6 then '0' || ${p} || ' ' || ${a} || ' ' || ${b} || ' ' || ${c}
      when 7 then '90' || phd
      else '+90 (' || ${p} || ') ' || ${a} || ' ' || ${b} || ' ' || ${c} end`;
  const emailSuffix = sql`case ${r(23)} % 4
      when 0 then lpad((${r(24)} % 100)::text, 2, '0')
      when 1 then (1 + ${r(24)} % 999)::text
      else '' end`;
  const emailSeparator = sql`(array['.', '', '_', '.'])[1 + (${r(25)} % 4)::int]`;
  const tc = sql`tcb::text || ((tc_odd * 7 - tc_even) % 10 + 10) % 10 || (tc_odd + tc_even + ((tc_odd * 7 - tc_even) % 10 + 10) % 10) % 10`;

  const utmPaid = intArray(UTM_SOURCES.map((entry) => (entry.paid ? 1 : 0)));
  // Customers who invested hold 50.00 to 200,000.00 TRY: whole cents divided in NUMERIC, never a float.
  const balance = sql`((50000 + ${r(58)} % 9950000) * (1 + ${r(59)} % 20) / 10)::numeric / 100`;

  return sql`
    insert into leads (
      name, phone, phone_2, mobile, email, address, city, ilce, tc, occupation_id, country_id, is_customer,
      status_id, utm_source, utm_campaign, agent_id, team_id, retention_id, retention_md_id, birthday,
      created_at, updated_at, last_activity, first_deposit_at, last_deposit_at, customer_set_date, first_fund_date,
      balance
    )
    select
      case when name_case < 3 then ${nameOf(givenUpper, surUpper)}
           when name_case < 5 then ${nameOf(givenLower, surLower)}
           else ${nameOf(givenArr, surArr)} end,
      ${phone},
      case when ${r(26)} % 100 < 6 then '0' || ${digits(27, 28)} end,
      case when ${r(29)} % 100 < 18 then ${digits(30, 31)} end,
      case when ${r(32)} % 100 < 88 then
        ${givenFold(sql`gi`)} || coalesce(${givenFold(sql`gj`)}, '') || ${emailSeparator} || ${surFold(sql`sj`)} || ${emailSuffix}
        || '@' || ${textLookup(EMAIL_DOMAINS.map((entry) => entry.domain))(sql`${intArray(domainSlots)}[${pickIndex(r, domainSlots.length, 33)}]`)} end,
      case when (cust and ${r(34)} % 20 <> 0) or (not cust and ${r(34)} % 100 < 8) then
        ${textLookup(NEIGHBOURHOODS)(pickIndex(r, NEIGHBOURHOODS.length, 35))} || ' Mah. '
        || ${textLookup(STREETS)(pickIndex(r, STREETS.length, 36))}
        || case when ${r(37)} % 2 = 0 then ' Cad.' else ' Sok.' end
        || ' No:' || (1 + ${r(38)} % 120)
        || case when ${r(39)} % 3 = 0 then '' else ' D:' || (1 + ${r(40)} % 24) end
        || ' ' || ${district} || '/' || ${province} end,
      case when ${hasCity} then ${province} end,
      case when cust or (${hasCity} and ${r(41)} % 100 < 60) then ${district} end,
      case when cust or ${r(42)} % 100 < 3 then ${tc} end,
      case when cust or ${r(43)} % 100 < 15 then ${pickIndex(r, OCCUPATIONS.length, 44)} end,
      case when cust or ${r(45)} % 100 < 55 then ${intArray(countrySlots)}[${pickIndex(r, countrySlots.length, 46)}] end,
      cust::int,
      st,
      ${textLookup(UTM_SOURCES.map((entry) => entry.source))(sql`ui`)},
      case when ${utmPaid}[ui] = 1 and ${r(47)} % 100 < 85 then ${textLookup(UTM_CAMPAIGNS)(pickIndex(r, UTM_CAMPAIGNS.length, 48))} end,
      case when st = ${sql.lit(context.newStatusId)} and not cust and ${r(49)} % 10 = 0 then null
           else ${intArray(context.agents.map((agent) => agent.id))}[ai] end,
      ${intArray(context.agents.map((agent) => agent.team_id))}[ai],
      case when cust then ${intArray(context.retention)}[${pickIndex(r, nR, 50)}] end,
      case when cust and ${r(51)} % 100 < 70 then ${intArray(context.retention)}[${pickIndex(r, nR, 52)}] end,
      case when cust or ${r(53)} % 100 < 25 then date '1955-01-01' + (${r(54)} % 18250)::int end,
      ${at(sql`back`)},
      case when upd_back is not null then ${at(sql`upd_back`)} end,
      case when upd_back is not null then ${at(sql`${r(55)} % (upd_back + 1)`)} end,
      case when fd_back is not null then ${at(sql`fd_back`)} end,
      case when fd_back is not null then ${at(sql`${r(56)} % (fd_back + 1)`)} end,
      case when cust then ${at(sql`cs_back`)} end,
      case when fd_back is not null then ${at(sql`fd_back`)} end,
      case when fd_back is not null then ${balance} end
    from (${level3}) as l3`;
}

async function loadContext(trx: Transaction<Database>): Promise<GeneratorContext> {
  const { rows } = await sql<{ now: string }>`select localtimestamp(0)::text as now`.execute(trx);
  const nowText = rows[0]?.now;
  if (nowText === undefined) throw new Error('seedLeads: could not read the database clock');

  const agentRows = await trx
    .selectFrom('users')
    .select(['id', 'team_id'])
    .where('department', '=', 'sales')
    .where('active', '=', 1)
    .where('team_id', 'is not', null)
    .orderBy('id')
    .execute();
  const agents = agentRows.flatMap((row) =>
    row.team_id === null ? [] : [{ id: row.id, team_id: row.team_id }],
  );
  if (agents.length === 0)
    throw new Error('seedLeads: no active sales agents; seed the reference data first');

  const retention = (
    await trx
      .selectFrom('users')
      .select('id')
      .where('department', '=', 'retention')
      .where('active', '=', 1)
      .orderBy('id')
      .execute()
  ).map((row) => row.id);

  const statuses = await trx.selectFrom('lead_statuses').select(['id', 'label']).orderBy('id').execute();
  if (statuses.length === 0)
    throw new Error('seedLeads: lead_statuses is empty; seed the reference data first');
  const weightOf = new Map(LEAD_STATUSES.map((status) => [status.label, status.weight]));
  // Statuses an admin added keep a small share; 'Müşteri Oldu' is reserved for customers.
  const statusSlots = statuses.flatMap((status) =>
    Array.from(
      { length: status.label === CUSTOMER_STATUS_LABEL ? 0 : (weightOf.get(status.label) ?? 3) },
      () => status.id,
    ),
  );
  const customerStatus = statuses.find((status) => status.label === CUSTOMER_STATUS_LABEL);
  const newStatus = statuses.find((status) => status.label === NEW_STATUS_LABEL);
  return {
    nowText,
    agents,
    retention,
    statusSlots: statusSlots.length > 0 ? statusSlots : statuses.map((status) => status.id),
    newStatusId: newStatus?.id ?? -1,
    customerStatusId: customerStatus?.id ?? statuses[0]?.id ?? null,
  };
}

/** Inserts the fixed 'Işık Yılmaz' lead unless it exists; returns whether it was inserted. */
async function insertFixedLead(trx: Transaction<Database>, context: GeneratorContext): Promise<boolean> {
  const existing = await trx
    .selectFrom('leads')
    .select('id')
    .where('name', '=', FIXED_LEAD.name)
    .limit(1)
    .execute();
  if (existing.length > 0) return false;

  const team = await trx
    .selectFrom('teams')
    .select('id')
    .where('name', '=', TEAM_NAMES.salesIstanbul)
    .executeTakeFirst();
  const agent = await trx
    .selectFrom('users')
    .select(['id', 'team_id'])
    .where('email', '=', FIXED_LEAD.agentEmail)
    .executeTakeFirst();
  const teamId = team?.id ?? context.agents[0]?.team_id ?? null;
  const agentId =
    agent !== undefined && agent.team_id === teamId
      ? agent.id
      : (context.agents.find((candidate) => candidate.team_id === teamId)?.id ?? null);
  const status = await trx
    .selectFrom('lead_statuses')
    .select('id')
    .where('label', '=', FIXED_LEAD.status)
    .executeTakeFirst();
  const country = COUNTRIES.findIndex((entry) => entry.name === 'Türkiye') + 1;

  await trx
    .insertInto('leads')
    .values({
      name: FIXED_LEAD.name,
      phone: FIXED_LEAD.phone,
      email: FIXED_LEAD.email,
      city: FIXED_LEAD.city,
      ilce: FIXED_LEAD.ilce,
      country_id: country > 0 ? country : null,
      status_id: status?.id ?? context.statusSlots[0] ?? null,
      utm_source: FIXED_LEAD.utm_source,
      utm_campaign: FIXED_LEAD.utm_campaign,
      agent_id: agentId,
      team_id: teamId,
      created_at: sql<string>`${sql.lit(context.nowText)}::timestamp - interval '30 days'`,
      updated_at: sql<string>`${sql.lit(context.nowText)}::timestamp - interval '2 days'`,
      last_activity: sql<string>`${sql.lit(context.nowText)}::timestamp - interval '1 day'`,
    })
    .execute();
  return true;
}

interface Definition {
  readonly name: string;
  readonly definition: string;
}

/** Secondary indexes of leads (not those backing a constraint) and its foreign keys, as DDL to rebuild. */
async function readLeadIndexesAndKeys(
  trx: Transaction<Database>,
): Promise<{ indexes: Definition[]; foreignKeys: Definition[] }> {
  const indexes = await sql<Definition>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'leads'::regclass
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname`.execute(trx);
  const foreignKeys = await sql<Definition>`
    select conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint where conrelid = 'leads'::regclass and contype = 'f'
    order by conname`.execute(trx);
  return { indexes: indexes.rows, foreignKeys: foreignKeys.rows };
}

async function notesQuery(
  trx: Transaction<Database>,
  salt: number,
  afterId: number,
  count: number,
  nowText: string,
): Promise<number> {
  const r = makeRandom(salt + 7);
  const now = sql`${sql.lit(nowText)}::timestamp`;
  await sql`
    with target as (
      select id, agent_id, created_at, row_number() over (order by id) as rn
      from leads where id > ${sql.lit(afterId)} order by id limit ${sql.lit(NOTE_SPREAD)}
    ), spread as (select count(*) as n from target)
    insert into lead_notes (lead_id, body, quality, notification, minute, insert_agent_id, agent_name, created_at)
    select t.id,
      ${textLookup(NOTE_SENTENCES)(pickIndex(r, NOTE_SENTENCES.length, 1))},
      3 + (${r(2)} % 6)::int,
      case when ${r(3)} % 4 = 0 then 0 else 1 end,
      case when ${r(4)} % 3 = 0 then null else 1 + (${r(5)} % 25)::int end,
      t.agent_id,
      u.name,
      t.created_at + (${r(6)} % greatest(extract(epoch from ${now} - t.created_at)::bigint, 1)) * interval '1 second'
    from generate_series(1, ${sql.lit(count)}) as i
    cross join spread
    join target t on t.rn = 1 + ${r(7)} % greatest(spread.n, 1)
    left join users u on u.id = t.agent_id`.execute(trx);

  // Keep the denormalised note date of those leads in step with the notes just written.
  await sql`
    update leads l set last_note_date = n.last, last_activity = greatest(l.last_activity, n.last)
    from (select lead_id, max(created_at) as last from lead_notes where lead_id > ${sql.lit(afterId)} group by lead_id) n
    where l.id = n.lead_id`.execute(trx);
  // Counted rather than read from the driver's affected-rows field, which the PGlite dialect may not fill.
  const { rows } = await sql<{ notes: number }>`
    select count(*)::int as notes from lead_notes where lead_id > ${sql.lit(afterId)}`.execute(trx);
  return rows[0]?.notes ?? 0;
}

/**
 * Generates `count` realistic Turkish leads (the fixed 'Işık Yılmaz' lead first, when missing) plus a few
 * hundred notes, all inside the database: each batch is one INSERT ... SELECT over generate_series, so a
 * million rows never cross the driver. The whole run is one transaction; a failure leaves nothing behind,
 * including the indexes dropped for a bulk load.
 */
export async function seedLeads(
  db: Kysely<Database>,
  count: number,
  options: SeedLeadsOptions = {},
): Promise<SeedLeadsResult> {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new Error(`seedLeads: count must be a whole number ≥ 0`);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new Error('seedLeads: batchSize must be ≥ 1');
  const salt = options.seed ?? 1;
  if (!Number.isSafeInteger(salt) || salt < 0 || salt > 1_000_000)
    throw new Error('seedLeads: seed out of range');
  const started = performance.now();
  const report = options.onProgress ?? (() => undefined);

  return db.transaction().execute(async (trx) => {
    const context = await loadContext(trx);
    const { rows: stateRows } = await sql<{ max_id: number; rows: number }>`
      select coalesce(max(id), 0)::int as max_id, count(*)::int as rows from leads`.execute(trx);
    const prevMaxId = stateRows[0]?.max_id ?? 0;
    const existingRows = stateRows[0]?.rows ?? 0;

    const bulkLoad =
      options.bulkLoad === 'auto' || options.bulkLoad === undefined
        ? count >= BULK_LOAD_MIN_ROWS && count >= existingRows
        : options.bulkLoad;

    let inserted = 0;
    if (count > 0 && (await insertFixedLead(trx, context))) inserted = 1;
    report({ phase: 'leads', done: inserted, total: count });

    let saved: { indexes: Definition[]; foreignKeys: Definition[] } = { indexes: [], foreignKeys: [] };
    if (bulkLoad && count > inserted) {
      report({ phase: 'drop-indexes' });
      // Maintaining a trigram GIN index, six b-trees and five foreign-key triggers row by row costs far
      // more than building them once at the end; the transaction restores them if anything fails.
      saved = await readLeadIndexesAndKeys(trx);
      for (const key of saved.foreignKeys) {
        await sql`alter table leads drop constraint ${sql.id(key.name)}`.execute(trx);
      }
      for (const index of saved.indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    }

    const generated = count - inserted;
    // The i of generate_series feeds the hashes: continuing after the current max id makes a second run
    // produce new people instead of repeating the first run.
    const firstI = prevMaxId + 1 + inserted;
    const runLast = firstI + generated - 1;
    for (let from = firstI; from <= runLast; from += batchSize) {
      const to = Math.min(from + batchSize - 1, runLast);
      await leadBatchQuery(context, salt, { from, to, runLast, runSize: generated }).execute(trx);
      inserted += to - from + 1;
      report({ phase: 'leads', done: inserted, total: count });
    }

    if (saved.indexes.length > 0 || saved.foreignKeys.length > 0) {
      report({ phase: 'rebuild-indexes' });
      // Index builds sort in memory up to this limit; the default 64MB spills a million-row GIN to disk.
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      for (const index of saved.indexes) await sql.raw(index.definition).execute(trx);
      for (const key of saved.foreignKeys) {
        await sql`alter table leads add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
          trx,
        );
      }
    }

    let notes = 0;
    const noteCount = Math.min(options.notes ?? DEFAULT_NOTES, count * 4);
    if (noteCount > 0) {
      report({ phase: 'notes' });
      notes = await notesQuery(trx, salt, prevMaxId, noteCount, context.nowText);
    }

    if (options.analyze ?? true) {
      report({ phase: 'analyze' });
      await sql`analyze leads`.execute(trx);
      await sql`analyze lead_notes`.execute(trx);
    }

    const { rows: idRows } = await sql<{ first_id: number | null; last_id: number | null }>`
      select min(id) as first_id, max(id) as last_id from leads where id > ${sql.lit(prevMaxId)}`.execute(
      trx,
    );
    return {
      leads: inserted,
      notes,
      firstId: idRows[0]?.first_id ?? null,
      lastId: idRows[0]?.last_id ?? null,
      bulkLoad: saved.indexes.length > 0 || saved.foreignKeys.length > 0,
      elapsedMs: Math.round(performance.now() - started),
    };
  });
}
