import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { encodeForm } from '../../src/shared/contract';
import { DEMO_PASSWORD } from './support/demo-server';
import { login } from './support/http';
import { createTestDatabase } from './support/test-database';

/**
 * docs/operations.md#security: a property-based fuzzer of hostile filters, sorts, field lists and bodies against the list
 * and save routes, as an agent with a row restriction (sales: own team). Every answer: no 5xx, no SQL or
 * stack text, no row outside the restriction; every table byte for byte the same afterwards. The runs
 * add up to FUZZ_INPUTS (10,000; SECURITY_FUZZ_INPUTS lowers it for a quick local try).
 */

const FUZZ_INPUTS = Number(process.env.SECURITY_FUZZ_INPUTS ?? 10_000);
/** Generous: 10,000 injected calls on PGlite take minutes on a shared two-core machine. */
const RUN_TIMEOUT_MS = 1_800_000;
/** Shares of the runs: list calls, single-row reads, saves. */
const LIST_RUNS = Math.round(FUZZ_INPUTS * 0.4);
const ROW_RUNS = Math.round(FUZZ_INPUTS * 0.15);
const SAVE_RUNS = FUZZ_INPUTS - LIST_RUNS - ROW_RUNS;

/**
 * Tables the server itself writes meanwhile: a session's last use, the job runner's bookkeeping, and the
 * agent's own lead views (a successful row read; checked separately to name only leads in scope).
 */
const CHANGING_TABLES: ReadonlySet<string> = new Set(['sessions', 'job_runs', 'lead_views']);

/** Driver and runtime texts that must never reach a client. */
const LEAK =
  /\bselect\b.*\bfrom\b|\binsert into\b|\bupdate\b.*\bset\b|syntax error|relation "|column "|pglite|postgres|sqlstate|node_modules|\bat \S+ \(|\.ts:\d+:\d+|TypeError|ReferenceError|undefined is not|cannot read propert/i;

let database: DatabaseHandle;
let app: FastifyInstance;
let token: string;
let salesTeam: number;
let tables: string[];
let leadFields: string[];
let foreignLeads: number[];
let foreignNotes: number[];

/** One checksum per table of the public schema: every row's text, in order. */
async function tableChecksums(): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
  const sums: Record<string, string> = {};
  for (const { name } of rows) {
    if (CHANGING_TABLES.has(name)) continue;
    const { rows: sum } = await sql<{
      md5: string | null;
    }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), ''))
      as md5 from ${sql.table(name)} as t`.execute(database.db);
    sums[name] = sum[0]?.md5 ?? '';
  }
  return sums;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { leads: 300 });
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  token = await login(app, 'sales@demo.crm', DEMO_PASSWORD);
  const db = database.db;
  salesTeam = Number(
    (
      await db
        .selectFrom('users')
        .select('team_id')
        .where('email', '=', 'sales@demo.crm')
        .executeTakeFirstOrThrow()
    ).team_id,
  );
  tables = (await db.selectFrom('crm_tables').select('table_name').execute()).map((row) => row.table_name);
  leadFields = (
    await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = 'leads'`.execute(db)
  ).rows.map((row) => row.name);
  const { rows: foreign } = await sql<{
    id: number;
  }>`select l.id from leads l where l.team_id is distinct from ${salesTeam}
    and l.id not in (select n.id from lead_notes n join users u on u.id = n.insert_agent_id
      where u.email = 'sales@demo.crm')
    order by l.id limit 20`.execute(db);
  // Foreign leads whose ids are not ids of notes the agent may change: a save aimed at such an id through
  // the notes table would be a legitimate change, not an escape.
  foreignLeads = foreign.map((row) => Number(row.id));
  const { rows: notes } = await sql<{
    id: number;
  }>`select n.id from lead_notes n join leads l on l.id = n.lead_id
    where l.team_id is distinct from ${salesTeam} order by n.id limit 20`.execute(db);
  foreignNotes = notes.map((row) => Number(row.id));
}, 600_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

// ---- Hostile values --------------------------------------------------------------------------------

const PAYLOADS = [
  "' OR '1'='1",
  '1; drop table leads; --',
  '1) or (1=1',
  'id desc; select pg_sleep(1)',
  "name' || (select password_hash from users limit 1) || '",
  '__proto__',
  'constructor',
  'prototype',
  '\u0000',
  '%00',
  '../../etc/passwd',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  'İıŞşĞğ',
  '\ud800',
  '-1',
  '0',
  '2147483648',
  '9223372036854775808',
  '1e309',
  'NaN',
  'null',
  'true',
  ' ',
  '',
  'x'.repeat(5000),
];

/**
 * Nothing the fuzzer sends may read as the id of a row the agent may change (a small positive integer,
 * also as text or `true`): a save that lands there would be a legitimate change, not an escape.
 */
function notAnId(value: unknown): boolean {
  const number = Number(typeof value === 'string' ? value.trim() : value);
  return !(Number.isInteger(number) && number > 0 && number < 1_000_000);
}

const hostileText = fc
  .oneof(
    fc.constantFrom(...PAYLOADS),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  )
  .filter(notAnId);
const hostileNumber = fc
  .oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER))
  .filter(notAnId);
const hostileScalar = fc.oneof(hostileText, hostileNumber, fc.constant(false), fc.constant(null));
/** Anything JSON can carry, a few levels deep. */
const hostileJson = fc.oneof(
  { depthSize: 'small' },
  hostileScalar,
  fc.array(hostileScalar, { maxLength: 5 }),
  fc.dictionary(hostileText, hostileScalar, { maxKeys: 5 }),
);

const fieldNameArb = (): fc.Arbitrary<string> =>
  fc.oneof(fc.constantFrom(...leadFields, 'password_hash', 'tc'), hostileText);
const tableArb = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...tables, 'users', 'sessions', 'pg_user', 'report_utm', 'information_schema.tables'),
    hostileText,
  );

const filterArb = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.record(
      {
        name: fieldNameArb(),
        type: fc.oneof(fc.integer({ min: -2, max: 14 }), hostileText),
        value: fc.oneof(
          hostileScalar,
          fc.array(hostileScalar, { maxLength: 4 }),
          fc.record({ start: hostileScalar, end: hostileScalar }, { requiredKeys: [] }),
        ),
      },
      { requiredKeys: [] },
    ),
    hostileJson,
  );

const listBodyArb = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(
    {
      page: fc.oneof(hostileNumber, hostileText),
      limit: fc.oneof(hostileNumber, hostileText),
      sort: fc.oneof(
        fc.record({ name: fieldNameArb(), type: fc.oneof(fc.constantFrom('asc', 'desc'), hostileText) }),
        hostileJson,
      ),
      filters: fc.oneof(fc.array(filterArb(), { maxLength: 4 }), hostileJson),
      fields: fc.oneof(fc.array(fieldNameArb(), { maxLength: 6 }), hostileJson),
      exact_total: hostileScalar,
      table: tableArb(),
    },
    { requiredKeys: [] },
  );

// ---- Sending and checking --------------------------------------------------------------------------

type Encoding = 'json' | 'form';

/** Form-encoded when the body can be (a lone surrogate cannot be percent-encoded), else JSON. */
function encodeBody(body: unknown, encoding: Encoding): { type: string; payload: string } {
  if (encoding === 'form' && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    try {
      return {
        type: 'application/x-www-form-urlencoded',
        payload: encodeForm(body as Record<string, unknown>),
      };
    } catch {
      // JSON carries the same text escaped.
    }
  }
  return { type: 'application/json', payload: JSON.stringify(body) };
}

function send(url: string, body: unknown, encoding: Encoding): Promise<LightMyRequestResponse> {
  const { type, payload } = encodeBody(body, encoding);
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    payload,
  });
}

/** Percent-encodes the UTF-8 bytes of any text; a lone surrogate goes as U+FFFD, as a browser sends it. */
function pathSegment(value: unknown): string {
  return [...Buffer.from(String(value), 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

/** No 5xx, the API's shape on failure, nothing of the driver or the runtime in the answer. */
function checkAnswer(response: LightMyRequestResponse, input: unknown): void {
  const context = `${response.statusCode} ${response.body.slice(0, 300)} for ${JSON.stringify(input).slice(0, 500)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json<{ success?: unknown; msg?: unknown }>();
    expect(body.success, context).toBe(false);
    expect(typeof body.msg, context).toBe('string');
    expect(String(body.msg), context).not.toMatch(LEAK);
  }
}

/** Every lead id an answer shows must be inside the sales team. */
async function expectInsideTeam(leadIds: number[], context: string): Promise<void> {
  if (leadIds.length === 0) return;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from leads
    where id in (${sql.join(leadIds)}) and team_id is distinct from ${salesTeam}`.execute(database.db);
  expect(Number(rows[0]?.n), context).toBe(0);
}

/** The lead ids behind the rows of a list answer: the row's own id for leads, its lead_id for children. */
async function leadIdsOf(table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const ids = rows.map((row) => Number(row.id)).filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return [];
  if (table === 'leads' || table === 'customers') return ids;
  if (table === 'lead_notes') {
    const { rows: notes } = await sql<{ lead_id: number }>`select lead_id from lead_notes
      where id in (${sql.join(ids)})`.execute(database.db);
    return notes.map((row) => Number(row.lead_id));
  }
  return [];
}

const SCOPED_LISTS = ['leads', 'customers', 'lead_notes'] as const;

describe(`hostile input (${FUZZ_INPUTS} inputs)`, () => {
  let before: Record<string, string>;

  beforeAll(async () => {
    before = await tableChecksums();
  }, 120_000);

  it(
    `list calls: ${LIST_RUNS} hostile filters, sorts and field lists`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constantFrom(...SCOPED_LISTS), tableArb()),
          listBodyArb(),
          fc.constantFrom<Encoding>('json', 'form'),
          async (table, body, encoding) => {
            const response = await send(`/api/table/${pathSegment(table)}`, body, encoding);
            checkAnswer(response, { table, body });
            if (response.statusCode === 200 && (SCOPED_LISTS as readonly string[]).includes(table)) {
              const rows = response.json<{ results: Record<string, unknown>[] }>().results;
              await expectInsideTeam(
                await leadIdsOf(table, rows),
                `${table} ${JSON.stringify(body).slice(0, 300)}`,
              );
            }
          },
        ),
        { numRuns: LIST_RUNS },
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    `single rows: ${ROW_RUNS} hostile ids and filters, foreign rows stay hidden`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('leads', 'customers', 'lead_notes'),
          fc.oneof(fc.constantFrom(...foreignLeads, ...foreignNotes), hostileText, hostileNumber),
          fc.record({ filters: fc.array(filterArb(), { maxLength: 3 }) }, { requiredKeys: [] }),
          async (table, id, body) => {
            const response = await send(`/api/row/${table}/${pathSegment(id)}`, body, 'form');
            checkAnswer(response, { table, id, body });
            if (response.statusCode === 200) {
              const row = response.json<{ results: Record<string, unknown> }>().results;
              await expectInsideTeam(await leadIdsOf(table, [row]), `${table}/${String(id)}`);
            }
          },
        ),
        { numRuns: ROW_RUNS },
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    `saves: ${SAVE_RUNS} hostile bodies against foreign, missing and malformed rows change nothing`,
    async () => {
      const targetId = fc.oneof(fc.constantFrom(...foreignLeads, 999_999_999), hostileText, hostileNumber);
      const inputs = fc.oneof(
        fc.dictionary(
          fc.oneof(fieldNameArb(), fc.constantFrom('lead_id', 'agent_id', 'insert_agent_id')),
          hostileScalar,
          {
            maxKeys: 5,
          },
        ),
        hostileJson,
      );
      const saveTable = fc.oneof(fc.constantFrom('leads', 'customers', 'lead_notes'), tableArb());
      const save = fc.oneof(
        fc.record({
          url: fc.constant('/api/detail/save/'),
          body: fc.record({ table: saveTable, id: targetId, inputs }, { requiredKeys: [] }),
        }),
        fc.record({
          url: fc.constant('/api/inline/save/'),
          body: fc.record(
            {
              table: saveTable,
              keyName: fc.oneof(fc.constant('id'), fieldNameArb()),
              keyValue: targetId,
              fieldName: fieldNameArb(),
              fieldValue: hostileScalar,
            },
            { requiredKeys: [] },
          ),
        }),
        // An insert of a child row onto a lead outside the restriction (or no lead at all).
        fc.record({
          url: fc.constant('/api/inline/save/'),
          body: fc.record({
            table: fc.constantFrom('lead_notes', 'tasks', 'lead_files', 'notifications'),
            type: fc.oneof(fc.constantFrom('insert', 'insert_note'), hostileText),
            inputs: fc.record(
              { lead_id: targetId, body: hostileText, note: hostileText, title: hostileText },
              { requiredKeys: ['lead_id'] },
            ),
          }),
        }),
        fc.record({
          url: fc.constantFrom('/api/bulk/save/', '/api/bulk/remove/', '/api/bulk/removeNotes/'),
          body: fc.record(
            {
              ids: fc.oneof(fc.array(targetId, { maxLength: 4 }), hostileJson),
              table: saveTable,
              type: hostileScalar,
              fieldName: fieldNameArb(),
              fieldValue: hostileScalar,
              doubleUpdate: hostileScalar,
              fieldName2: fieldNameArb(),
              fieldValue2: hostileScalar,
            },
            { requiredKeys: ['ids'] },
          ),
        }),
      );
      await fc.assert(
        fc.asyncProperty(save, fc.constantFrom<Encoding>('json', 'form'), async ({ url, body }, encoding) => {
          const response = await send(url, body, encoding);
          checkAnswer(response, { url, body });
          expect(
            response.statusCode,
            `${url} ${JSON.stringify(body).slice(0, 300)}: ${response.body}`,
          ).not.toBe(200);
        }),
        { numRuns: SAVE_RUNS },
      );
    },
    RUN_TIMEOUT_MS,
  );

  it('left every table as it was', async () => {
    expect(await tableChecksums()).toEqual(before);
    const { rows } = await sql<{ lead_id: number }>`select lead_id from lead_views`.execute(database.db);
    await expectInsideTeam(
      rows.map((row) => Number(row.lead_id)),
      'lead views',
    );
  });
});
