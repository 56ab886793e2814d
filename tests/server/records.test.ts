import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/demo-data';
import type { FieldMeta, MenuTable, Me, RecordRow } from '../../src/shared/contract';
import { LIST_COUNT_CAP } from '../../src/shared/domain/constants';
import { foldTurkish } from '../../src/shared/domain/turkish-fold';
import { messages } from '../../src/shared/i18n/messages';
import { get, login, postForm, postJson } from './support/http';
import { createTestDatabase } from './support/test-database';
import { forgetCaches } from './support/caches';

const PASSWORD = 'Demo.2026';
/** Our own leads, on top of the demo data, with values each filter type can be checked against. */
const MARK = 'records-test';

interface TableAnswer {
  results: RecordRow[];
  total: number;
  page: number;
  fields: string[];
  all_fields: FieldMeta[];
  components: Record<string, string>;
  table: string;
  tab_field_id: number | null;
}
interface RowAnswer {
  results: RecordRow;
  fields: FieldMeta[];
  write_fields: string[];
  modules: string[];
}
interface Marked {
  id: number;
  name: string;
  city: string | null;
  status_id: number | null;
  team_id: number | null;
  is_customer: number;
  created_at: string;
  birthday: string | null;
}

let database: DatabaseHandle;
let db: Kysely<Database>;
let app: FastifyInstance;
const tokens: Record<'admin' | 'sales' | 'sales2' | 'finance' | 'retention', string> = {
  admin: '',
  sales: '',
  sales2: '',
  finance: '',
  retention: '',
};
let salesUser: { id: number; team_id: number; user_group_id: number };
let sales2Team: number;
let marked: Marked[];

async function userByEmail(email: string): Promise<{ id: number; team_id: number; user_group_id: number }> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'team_id', 'user_group_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, team_id: Number(row.team_id), user_group_id: row.user_group_id };
}

async function seedMarkedLeads(): Promise<Marked[]> {
  const teams = [salesUser.team_id, sales2Team, null];
  const names = [
    'Işık Yılmaz',
    'ışıl Demir',
    'IŞIK KARA',
    'Isik Ak',
    'Çağla Öztürk',
    'Şule Ünal',
    '100% Kâr',
    'alt_çizgi',
    'ters\\bölü',
    "O'Neil Tırnak",
    'Ahmet Kaya',
    'Mehmet Kaya',
  ];
  const cities = ['İstanbul', 'istanbul', 'Ankara', null, 'İzmir', 'Bursa'];
  const statuses = await db.selectFrom('lead_statuses').select('id').orderBy('id').execute();
  const statusIds = statuses.map((s) => s.id);
  const rows = names.map((name, i) => ({
    name,
    city: cities[i % cities.length] ?? null,
    status_id: i % 5 === 4 ? null : (statusIds[i % statusIds.length] ?? null),
    team_id: teams[i % teams.length] ?? null,
    agent_id: i % 3 === 0 ? salesUser.id : null,
    is_customer: i % 4 === 1 ? 1 : 0,
    utm_campaign: MARK,
    created_at: `2025-03-${String((i % 3) + 1).padStart(2, '0')} ${String(i).padStart(2, '0')}:30:00`,
    birthday: i % 2 === 0 ? `19${80 + i}-0${(i % 9) + 1}-15` : null,
    tc: `1000000000${i % 10}`,
  }));
  return db
    .insertInto('leads')
    .values(rows)
    .returning(['id', 'name', 'city', 'status_id', 'team_id', 'is_customer', 'created_at', 'birthday'])
    .execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 300 });
  app = await buildServer({ database, webRoot: '/nonexistent-web-root' });
  salesUser = await userByEmail('sales@demo.crm');
  sales2Team = (await userByEmail('sales2@demo.crm')).team_id;
  marked = await seedMarkedLeads();
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[name] = await login(app, `${name}@demo.crm`, PASSWORD);
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const table = (tableName: string, body: Record<string, unknown>, token = tokens.admin) =>
  postJson(app, `/api/table/${tableName}`, body, token);

function ok<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

function failure(response: LightMyRequestResponse, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ success: boolean; msg: string }>();
  expect(body.success).toBe(false);
  return body.msg;
}

async function count(where: ReturnType<typeof sql<boolean>>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from leads where ${where}`.execute(db);
  return Number(rows[0]?.n);
}

/** Ids of our marked leads matching `filters` (admin, everything visible), ascending. */
async function markedIds(filters: unknown[]): Promise<number[]> {
  const answer = ok<TableAnswer>(
    await table('leads', {
      page: 1,
      limit: 500,
      sort: { name: 'id', type: 'asc' },
      fields: ['id'],
      filters: [{ name: 'utm_campaign', type: 1, value: MARK }, ...filters],
    }),
  );
  return answer.results.map((r) => Number(r.id));
}
const expectMarked = (keep: (lead: Marked) => boolean): number[] =>
  marked
    .filter(keep)
    .map((l) => l.id)
    .sort((a, b) => a - b);

describe('GET /api/permissions', () => {
  it('lists the tables the user may show, in menu order, with 0/1 flags and me', async () => {
    const answer = ok<{ tables: MenuTable[]; me: Me }>(await get(app, '/api/permissions', tokens.sales));
    const names = answer.tables.map((t) => t.table);
    // Money (see docs/money.md), chat (see docs/admin-guide.md), and Görevler and Arama Periyotları, screens with a url (see docs/user-guide.md#tasks-call-periods-rules-offers-and-surveys);
    // the note statuses every client reads (a detail table, docs/requirements.md#calls).
    expect(names).toEqual([
      'leads',
      'customers',
      'lead_notes',
      'lead_remitters',
      'lead_note_statuses',
      'lead_platforms',
      'chat',
      'transactions',
      'tasks',
      'call_periods',
      // Agents prepare offers: the offer screen's calls need its show flag (docs/security.md).
      'bids',
    ]);
    const leads = answer.tables[0];
    expect(leads).toMatchObject({
      table: 'leads',
      name: 'Leadler',
      location: 1,
      show: 1,
      update: 1,
      delete: 0,
    });
    expect(answer.me).toMatchObject({
      email: 'sales@demo.crm',
      department: 'sales',
      team_id: salesUser.team_id,
    });
    expect(answer.me.modules).toContain('kisisel-bilgiler');
    expect(answer.me.modules).toContain('para-islemleri');
    expect(answer.me.modules).toContain('platformlar');
  });

  it('gives admin every table with every flag; permission and menu rows are edited, never deleted', async () => {
    const answer = ok<{ tables: MenuTable[]; me: Me }>(await get(app, '/api/permissions', tokens.admin));
    expect(answer.tables.length).toBeGreaterThanOrEqual(7);
    const configuration = ['permissions', 'crm_tables'];
    // Money rows and statuses are never deleted (see docs/money.md), nor the chat screen's entry (see docs/admin-guide.md); the
    // workspace entry names a screen.
    const undeletable = [...configuration, 'transactions', 'transaction_statuses', 'chat'];
    for (const entry of answer.tables) {
      if (entry.table === 'transaction_workspace') {
        expect(entry.show).toBe(1);
        continue;
      }
      expect(entry).toMatchObject({
        show: 1,
        delete: undeletable.includes(entry.table) ? 0 : 1,
        update: 1,
      });
    }
    expect(answer.tables.map((t) => t.table)).toEqual(expect.arrayContaining(configuration));
    const sorts = await db
      .selectFrom('crm_tables')
      .select(['table_name'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    expect(answer.tables.map((t) => t.table)).toEqual(sorts.map((s) => s.table_name));
  });

  it('needs a session', async () => {
    failure(await get(app, '/api/permissions'), 401);
  });
});

describe('GET /api/fields/{table}', () => {
  it('answers the listable fields metadata', async () => {
    const { fields } = ok<{ fields: FieldMeta[] }>(await get(app, '/api/fields/leads', tokens.admin));
    expect(fields[0]?.name).toBe('id');
    const status = fields.find((f) => f.name === 'status_id');
    expect(status).toMatchObject({
      display_name: 'Durum',
      component: { name: 'leadStatus' },
      options: 16,
      show_insert: 1,
    });
    expect(fields.some((f) => f.name === 'tc')).toBe(true);
  });

  it('never lists a hidden field (finance: tc)', async () => {
    const { fields } = ok<{ fields: FieldMeta[] }>(await get(app, '/api/fields/leads', tokens.finance));
    expect(fields.some((f) => f.name === 'tc')).toBe(false);
  });

  it('forbidden or unknown table: 404 Böyle bir tablo yok...', async () => {
    expect(failure(await get(app, '/api/fields/users', tokens.sales), 404)).toBe(messages.tableNotFound);
    expect(failure(await get(app, '/api/fields/nope', tokens.admin), 404)).toBe(messages.tableNotFound);
  });
});

describe('POST /api/table/{table}', () => {
  it('answers the contract shape with defaults: page 1, 15 rows, id desc, all listable fields', async () => {
    const answer = ok<TableAnswer>(await postForm(app, '/api/table/leads', {}, tokens.admin));
    expect(answer.table).toBe('leads');
    expect(answer.page).toBe(1);
    expect(answer.tab_field_id).toBeNull();
    expect(answer.total).toBe(await count(sql<boolean>`true`));
    expect(answer.results).toHaveLength(Math.min(15, answer.total));
    const ids = answer.results.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(answer.fields[0]).toBe('id');
    expect(answer.fields).toEqual(answer.all_fields.map((f) => f.name));
    expect(answer.components.status_id).toBe('leadStatus');
    expect(Object.keys(answer.results[0] ?? {})).toEqual(answer.fields);
  });

  it('accepts the form-encoded list query (filters, sort, fields)', async () => {
    const answer = ok<TableAnswer>(
      await postForm(
        app,
        '/api/table/leads',
        {
          page: 1,
          limit: 50,
          sort: { name: 'name', type: 'ASC' },
          fields: ['name', 'city'],
          filters: [
            { name: 'utm_campaign', type: 1, value: MARK, editedId: 3 },
            { name: 'status_id', type: 11, value: ['1', '2'] },
          ],
        },
        tokens.admin,
      ),
    );
    expect(answer.fields).toEqual(['id', 'name', 'city']);
    expect(answer.results.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      expectMarked((l) => l.status_id === 1 || l.status_id === 2),
    );
  });

  it('applies the base filter (customers) and the group restriction (sales: own team)', async () => {
    const customers = ok<TableAnswer>(await table('customers', { limit: 500, fields: ['is_customer'] }));
    expect(customers.total).toBe(await count(sql<boolean>`is_customer = 1`));
    expect(customers.results.every((r) => r.is_customer === 1)).toBe(true);

    const own = ok<TableAnswer>(await table('leads', { limit: 500, fields: ['team_id'] }, tokens.sales));
    expect(own.total).toBe(await count(sql<boolean>`team_id = ${salesUser.team_id}`));
    expect(own.results.every((r) => r.team_id === salesUser.team_id)).toBe(true);

    const ownCustomers = ok<TableAnswer>(
      await table('customers', { limit: 500, fields: ['team_id'] }, tokens.sales),
    );
    expect(ownCustomers.total).toBe(
      await count(sql<boolean>`team_id = ${salesUser.team_id} and is_customer = 1`),
    );
  });

  it('restricted rows never appear, not even through a filter on their id', async () => {
    const foreign = marked.find((l) => l.team_id === sales2Team);
    const answer = ok<TableAnswer>(
      await table('leads', { filters: [{ name: 'id', type: 1, value: String(foreign?.id) }] }, tokens.sales),
    );
    expect(answer.total).toBe(0);
    expect(answer.results).toEqual([]);
  });

  it('a filter on the id answers that one row with its total, also with other filters and past page 1', async () => {
    const own = marked.find((l) => l.team_id === salesUser.team_id);
    const byId = { name: 'id', type: 1, value: String(own?.id) };
    const one = ok<TableAnswer>(await table('leads', { filters: [byId] }, tokens.sales));
    expect(one.total).toBe(1);
    expect(one.results.map((r) => Number(r.id))).toEqual([own?.id]);
    // another filter that excludes it: no row, total 0
    const excluded = ok<TableAnswer>(
      await table(
        'leads',
        { filters: [byId, { name: 'city', type: 1, value: `${own?.city ?? ''}-başka` }] },
        tokens.sales,
      ),
    );
    expect(excluded).toMatchObject({ total: 0, results: [] });
    // page 2 holds nothing, but the total still says the one match
    const second = ok<TableAnswer>(await table('leads', { page: 2, filters: [byId] }, tokens.sales));
    expect(second).toMatchObject({ total: 1, results: [] });
  });

  it('hidden fields never leave the server (finance: tc)', async () => {
    const answer = ok<TableAnswer>(await table('leads', { fields: ['id', 'name', 'tc'] }, tokens.finance));
    expect(answer.fields).toEqual(['id', 'name']);
    expect(answer.all_fields.some((f) => f.name === 'tc')).toBe(false);
    expect(answer.components.tc).toBeUndefined();
    for (const row of answer.results) expect(row).not.toHaveProperty('tc');
    const all = ok<TableAnswer>(await table('leads', {}, tokens.finance));
    for (const row of all.results) expect(row).not.toHaveProperty('tc');
    // Filtering or sorting on it would leak it too.
    failure(await table('leads', { filters: [{ name: 'tc', type: 8, value: '1' }] }, tokens.finance), 400);
    failure(await table('leads', { sort: { name: 'tc', type: 'asc' } }, tokens.finance), 400);
  });

  it('forbidden table: 404', async () => {
    expect(failure(await table('users', {}, tokens.sales), 404)).toBe(messages.tableNotFound);
    expect(failure(await table('no_such_table', {}, tokens.admin), 404)).toBe(messages.tableNotFound);
  });

  it('pages with exact totals and no overlap', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        table('leads', {
          page,
          limit: 5,
          fields: ['id'],
          filters: [{ name: 'utm_campaign', type: 1, value: MARK }],
        }),
      ),
    );
    const answers = pages.map((p) => ok<TableAnswer>(p));
    for (const answer of answers) expect(answer.total).toBe(marked.length);
    const ids = answers.flatMap((a) => a.results.map((r) => Number(r.id)));
    expect(ids).toEqual(marked.map((l) => l.id).sort((a, b) => b - a));
    expect(answers[1]?.page).toBe(2);
  });

  it('counts up to LIST_COUNT_CAP, says total_capped beyond it, and counts exactly on request', async () => {
    const campaign = 'records-cap-test';
    const extra = LIST_COUNT_CAP + 25;
    await sql`insert into leads (name, utm_campaign, team_id, created_at)
      select 'Sınır ' || n, ${campaign}, ${salesUser.team_id}, timestamp '2024-01-01' + n * interval '1 minute'
      from generate_series(1, ${extra}) as n`.execute(db);
    try {
      const byCampaign = [{ name: 'utm_campaign', type: 1, value: campaign }];
      const capped = ok<TableAnswer & { total_capped?: boolean }>(
        await table('leads', { page: 1, limit: 5, fields: ['id', 'name'], filters: byCampaign }),
      );
      expect(capped.total).toBe(LIST_COUNT_CAP);
      expect(capped.total_capped).toBe(true);
      // The page itself is complete and exact whatever the count says: the newest five.
      const newest = await sql<{ id: number }>`select id from leads where utm_campaign = ${campaign}
        order by id desc limit 5`.execute(db);
      expect(capped.results.map((r) => Number(r.id))).toEqual(newest.rows.map((r) => Number(r.id)));

      const exact = ok<TableAnswer & { total_capped?: boolean }>(
        await postForm(
          app,
          '/api/table/leads',
          { page: 1, limit: 5, fields: ['id'], filters: byCampaign, exact_total: '1' },
          tokens.admin,
        ),
      );
      expect(exact.total).toBe(extra);
      expect(exact.total_capped).toBeUndefined();

      // Under the cap the total stays exact and unflagged (the agent sees only their team's part).
      const narrow = ok<TableAnswer & { total_capped?: boolean }>(
        await table('leads', {
          page: 1,
          limit: 5,
          fields: ['id'],
          filters: [...byCampaign, { name: 'created_at', type: 7, value: '2024-01-01 00:20:00' }],
        }),
      );
      expect(narrow.total).toBe(20);
      expect(narrow.total_capped).toBeUndefined();
    } finally {
      await sql`delete from leads where utm_campaign = ${campaign}`.execute(db);
    }
  });

  it('a date filter whose matches lie far down the id order pages newest first', async () => {
    const answer = ok<TableAnswer>(
      await table('leads', {
        page: 2,
        limit: 3,
        fields: ['id', 'created_at'],
        filters: [{ name: 'created_at', type: 7, value: '2025-03-02' }],
      }),
    );
    const expected = await sql<{ id: number }>`select id from leads where created_at < '2025-03-03'
      order by id desc limit 3 offset 3`.execute(db);
    expect(answer.results.map((r) => Number(r.id))).toEqual(expected.rows.map((r) => Number(r.id)));
    expect(answer.total).toBe(await count(sql<boolean>`created_at < '2025-03-03'`));
  });

  it('sorts asc and desc, ties broken by id', async () => {
    const ask = async (type: 'asc' | 'desc') =>
      ok<TableAnswer>(
        await table('leads', {
          limit: 100,
          sort: { name: 'status_id', type },
          fields: ['status_id'],
          filters: [{ name: 'utm_campaign', type: 1, value: MARK }],
        }),
      ).results.map((r) => [r.status_id === null ? null : Number(r.status_id), Number(r.id)] as const);
    const key = (s: number | null) => (s === null ? Number.POSITIVE_INFINITY : s);
    const asc = await ask('asc');
    expect(asc).toEqual([...asc].sort((x, y) => key(x[0]) - key(y[0]) || x[1] - y[1]));
    const desc = await ask('desc');
    expect(desc).toEqual([...desc].sort((x, y) => key(y[0]) - key(x[0]) || y[1] - x[1]));
  });

  describe('all 12 filter types return the right rows', () => {
    const fold = (text: string | null) => foldTurkish(text ?? '');
    it('1 equal', async () => {
      expect(await markedIds([{ name: 'city', type: 1, value: 'Ankara' }])).toEqual(
        expectMarked((l) => l.city === 'Ankara'),
      );
      expect(await markedIds([{ name: 'created_at', type: 1, value: '2025-03-02' }])).toEqual(
        expectMarked((l) => l.created_at.startsWith('2025-03-02')),
      );
    });
    it('2 contains, 3 not contains (keeps NULL), 8 starts with, 9 ends with', async () => {
      expect(await markedIds([{ name: 'name', type: 2, value: 'kaya' }])).toEqual(
        expectMarked((l) => fold(l.name).includes('kaya')),
      );
      expect(await markedIds([{ name: 'city', type: 3, value: 'istanbul' }])).toEqual(
        expectMarked((l) => l.city === null || !fold(l.city).includes('istanbul')),
      );
      expect(await markedIds([{ name: 'name', type: 8, value: 'ış' }])).toEqual(
        expectMarked((l) => fold(l.name).startsWith('is')),
      );
      expect(await markedIds([{ name: 'name', type: 9, value: 'KAYA' }])).toEqual(
        expectMarked((l) => fold(l.name).endsWith('kaya')),
      );
    });
    it('4 >, 5 <, 6 >=, 7 <=', async () => {
      const s = (l: Marked) => l.status_id;
      expect(await markedIds([{ name: 'status_id', type: 4, value: 2 }])).toEqual(
        expectMarked((l) => (s(l) ?? 0) > 2),
      );
      expect(await markedIds([{ name: 'status_id', type: 5, value: 2 }])).toEqual(
        expectMarked((l) => s(l) !== null && (s(l) ?? 0) < 2),
      );
      expect(await markedIds([{ name: 'status_id', type: 6, value: 2 }])).toEqual(
        expectMarked((l) => (s(l) ?? 0) >= 2),
      );
      expect(await markedIds([{ name: 'created_at', type: 7, value: '2025-03-01' }])).toEqual(
        expectMarked((l) => l.created_at < '2025-03-02'),
      );
    });
    it('10 between (date-only end = whole day; open ends)', async () => {
      expect(
        await markedIds([
          { name: 'created_at', type: 10, value: { start: '2025-03-02', end: '2025-03-02' } },
        ]),
      ).toEqual(expectMarked((l) => l.created_at.startsWith('2025-03-02')));
      expect(await markedIds([{ name: 'birthday', type: 10, value: { end: '1985-12-31' } }])).toEqual(
        expectMarked((l) => l.birthday !== null && l.birthday <= '1985-12-31'),
      );
    });
    it('11 multiple choice, 12 multiple exclude (keeps NULL)', async () => {
      expect(await markedIds([{ name: 'city', type: 11, value: ['Bursa', 'İzmir'] }])).toEqual(
        expectMarked((l) => l.city === 'Bursa' || l.city === 'İzmir'),
      );
      expect(await markedIds([{ name: 'city', type: 12, value: ['Bursa', 'İzmir'] }])).toEqual(
        expectMarked((l) => l.city !== 'Bursa' && l.city !== 'İzmir'),
      );
    });
  });

  it('Turkish folding: ışık, IŞIK, isik all find Işık', async () => {
    const want = expectMarked((l) => foldTurkish(l.name).includes('isik'));
    expect(want.length).toBeGreaterThanOrEqual(3);
    for (const value of ['ışık', 'IŞIK', 'isik', 'Işık']) {
      expect(await markedIds([{ name: 'name', type: 2, value }]), value).toEqual(want);
    }
  });

  it('values with quotes, percent signs and backslashes are plain text', async () => {
    expect(await markedIds([{ name: 'name', type: 2, value: '%' }])).toEqual(
      expectMarked((l) => l.name.includes('%')),
    );
    expect(await markedIds([{ name: 'name', type: 2, value: '_' }])).toEqual(
      expectMarked((l) => l.name.includes('_')),
    );
    expect(await markedIds([{ name: 'name', type: 2, value: '\\' }])).toEqual(
      expectMarked((l) => l.name.includes('\\')),
    );
    expect(await markedIds([{ name: 'name', type: 8, value: "o'neil" }])).toHaveLength(1);
    expect(await markedIds([{ name: 'name', type: 1, value: "x' or '1'='1" }])).toEqual([]);
    expect(await markedIds([{ name: 'city', type: 2, value: "'; drop table leads; --" }])).toEqual([]);
  });

  describe('hostile input is a 400, never a 500', () => {
    const cases: readonly [string, Record<string, unknown>][] = [
      ['field name with SQL', { filters: [{ name: 'name; drop table leads', type: 1, value: 'x' }] }],
      ['field name closing a parenthesis', { filters: [{ name: 'id) or (1=1', type: 1, value: '1' }] }],
      ['unregistered column', { filters: [{ name: 'password_hash', type: 1, value: 'x' }] }],
      ['generated search column', { filters: [{ name: 'name_folded', type: 2, value: 'x' }] }],
      ['type 99', { filters: [{ name: 'name', type: 99, value: 'x' }] }],
      ['type as text', { filters: [{ name: 'name', type: 'contains', value: 'x' }] }],
      [
        'huge array',
        { filters: [{ name: 'id', type: 11, value: Array.from({ length: 600 }, (_, i) => String(i)) }] },
      ],
      [
        'too many filters',
        { filters: Array.from({ length: 60 }, () => ({ name: 'id', type: 1, value: '1' })) },
      ],
      ['object as value', { filters: [{ name: 'name', type: 1, value: { a: { b: 'c' } } }] }],
      ['list for equal', { filters: [{ name: 'name', type: 1, value: ['a'] }] }],
      ['range for contains', { filters: [{ name: 'name', type: 2, value: { start: 'a', end: 'b' } }] }],
      ['text into a number', { filters: [{ name: 'status_id', type: 4, value: '1 or 1=1' }] }],
      ['impossible date', { filters: [{ name: 'created_at', type: 10, value: { start: '2025-13-40' } }] }],
      ['sort on unknown field', { sort: { name: 'name_folded', type: 'asc' } }],
      ['sort with SQL', { sort: { name: 'id; drop table leads', type: 'asc' } }],
      ['sort direction with SQL', { sort: { name: 'id', type: 'asc; drop table leads' } }],
      ['negative page', { page: -1 }],
      ['huge limit', { limit: 100000 }],
      ['filters not a list', { filters: 'name=1' }],
    ];
    for (const [label, body] of cases) {
      it(label, async () => {
        const msg = failure(await table('leads', body), 400);
        expect(msg.length).toBeGreaterThan(0);
      });
    }

    it('unknown requested fields are just left out', async () => {
      const answer = ok<TableAnswer>(
        await table('leads', { fields: ['name', 'password_hash', 'name_folded'] }),
      );
      expect(answer.fields).toEqual(['id', 'name']);
    });

    it('the leads table is still there', async () => {
      expect(await count(sql<boolean>`true`)).toBeGreaterThan(0);
    });
  });
});

describe('POST /api/row/{table}/{id}', () => {
  const own = () => marked.find((l) => l.team_id === salesUser.team_id) as Marked;
  const foreign = () => marked.find((l) => l.team_id === sales2Team) as Marked;

  it('answers readable fields, their metadata, write_fields and modules', async () => {
    const answer = ok<RowAnswer>(await postForm(app, `/api/row/leads/${own().id}`, {}, tokens.sales));
    expect(answer.results.id).toBe(own().id);
    expect(answer.results.name).toBe(own().name);
    expect(Object.keys(answer.results)).toEqual(answer.fields.map((f) => f.name));
    expect(answer.write_fields).toContain('city');
    expect(answer.write_fields).not.toContain('team_id');
    expect(answer.write_fields).not.toContain('id');
    expect(answer.modules).toContain('kisisel-bilgiler');
  });

  it('a row outside the restriction or missing is 404 Böyle bir kayıt yok...', async () => {
    expect(failure(await postForm(app, `/api/row/leads/${foreign().id}`, {}, tokens.sales), 404)).toBe(
      messages.recordNotFound,
    );
    expect(failure(await postForm(app, '/api/row/leads/999999999', {}, tokens.admin), 404)).toBe(
      messages.recordNotFound,
    );
    // customers only holds is_customer = 1 rows.
    const lead = marked.find((l) => l.is_customer === 0) as Marked;
    failure(await postForm(app, `/api/row/customers/${lead.id}`, {}, tokens.admin), 404);
    failure(await postForm(app, `/api/row/users/1`, {}, tokens.sales), 404);
    failure(await postForm(app, '/api/row/leads/abc', {}, tokens.admin), 400);
  });

  it('never answers a field the group may not read', async () => {
    await withSalesLeadPermission({ read_fields: ['name', 'city', 'status_id'] }, async () => {
      const answer = ok<RowAnswer>(await postForm(app, `/api/row/leads/${own().id}`, {}, tokens.sales));
      expect(Object.keys(answer.results).sort()).toEqual(['city', 'id', 'name', 'status_id']);
      expect(answer.fields.map((f) => f.name)).toEqual(['id', 'name', 'status_id', 'city']);
    });
  });

  it('applies optional filters of the body', async () => {
    const lead = own();
    ok<RowAnswer>(
      await postJson(
        app,
        `/api/row/leads/${lead.id}`,
        { filters: [{ name: 'id', type: 1, value: String(lead.id) }] },
        tokens.sales,
      ),
    );
    failure(
      await postJson(
        app,
        `/api/row/leads/${lead.id}`,
        { filters: [{ name: 'id', type: 1, value: '0' }] },
        tokens.sales,
      ),
      404,
    );
  });
});

describe('POST /api/detail/save/', () => {
  const own = () => marked.find((l) => l.team_id === salesUser.team_id) as Marked;
  const foreign = () => marked.find((l) => l.team_id === sales2Team) as Marked;
  const save = (body: Record<string, unknown>, token = tokens.sales) =>
    postForm(app, '/api/detail/save/', body, token);
  const lead = async (id: number) =>
    db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('saves writable fields, coerced, and sets updated_at', async () => {
    const answer = ok<{ success: boolean; msg: string }>(
      await save({
        table: 'leads',
        id: own().id,
        inputs: { city: '  Eskişehir ', email: 'yeni@example.com', birthday: '1991-07-08' },
      }),
    );
    expect(answer).toEqual({ success: true, msg: 'İşlem başarıyla kaydedildi' });
    const row = await lead(own().id);
    expect(row.city).toBe('Eskişehir');
    expect(row.email).toBe('yeni@example.com');
    expect(row.birthday).toBe('1991-07-08');
    expect(row.updated_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('empty input clears a nullable field', async () => {
    ok(await save({ table: 'leads', id: own().id, inputs: { email: '' } }));
    expect((await lead(own().id)).email).toBeNull();
  });

  it('refuses fields the group may not write, naming them', async () => {
    expect(failure(await save({ table: 'leads', id: own().id, inputs: { team_id: sales2Team } }), 400)).toBe(
      'Geçersiz alan: team_id',
    );
    failure(await save({ table: 'leads', id: own().id, inputs: { name_folded: 'x' } }), 400);
    failure(await save({ table: 'leads', id: own().id, inputs: { id: 5 } }), 400);
  });

  it('validates values by component', async () => {
    expect(
      failure(await save({ table: 'leads', id: own().id, inputs: { email: 'not-an-email' } }), 400),
    ).toBe('Geçersiz alan: E-posta');
    expect(failure(await save({ table: 'leads', id: own().id, inputs: { status_id: 'abc' } }), 400)).toBe(
      'Geçersiz alan: Durum',
    );
    expect(failure(await save({ table: 'leads', id: own().id, inputs: { status_id: 999999 } }), 400)).toBe(
      'Geçersiz alan: Durum',
    );
    failure(await save({ table: 'leads', id: own().id, inputs: { birthday: '1991-02-30' } }), 400);
    expect(failure(await save({ table: 'leads', id: own().id, inputs: { name: '' } }), 400)).toBe(
      'Zorunlu alan eksik: Ad Soyad',
    );
  });

  it('a row outside the restriction is 404 and stays unchanged', async () => {
    const before = await lead(foreign().id);
    expect(failure(await save({ table: 'leads', id: foreign().id, inputs: { city: 'Van' } }), 404)).toBe(
      messages.recordNotFound,
    );
    expect((await lead(foreign().id)).city).toBe(before.city);
  });

  it('needs the update flag', async () => {
    expect(
      failure(await save({ table: 'leads', id: own().id, inputs: { city: 'Van' } }, tokens.finance), 403),
    ).toBe(messages.forbidden);
  });

  it('an agent cannot move a lead out of their own team', async () => {
    await withSalesLeadPermission({ write_fields: null }, async () => {
      failure(
        await save({ table: 'leads', id: own().id, inputs: { team_id: sales2Team, city: 'Kars' } }),
        403,
      );
      const row = await lead(own().id);
      expect(row.team_id).toBe(salesUser.team_id);
      expect(row.city).not.toBe('Kars');
    });
  });
});

/** Runs `fn` with the sales group's leads permission patched, then puts the seeded row back. */
async function withSalesLeadPermission(
  patch: { write_fields?: string[] | null; read_fields?: string[] | null },
  fn: () => Promise<void>,
): Promise<void> {
  const where = { user_group_id: salesUser.user_group_id, table_name: 'leads' };
  const before = await db
    .selectFrom('permissions')
    .select(['write_fields', 'read_fields'])
    .where('user_group_id', '=', where.user_group_id)
    .where('table_name', '=', where.table_name)
    .executeTakeFirstOrThrow();
  const update = (values: typeof patch) =>
    db
      .updateTable('permissions')
      .set(values)
      .where('user_group_id', '=', where.user_group_id)
      .where('table_name', '=', where.table_name)
      .execute();
  await update(patch);
  await forgetCaches(app);
  try {
    await fn();
  } finally {
    await update(before);
    await forgetCaches(app);
  }
}

describe('POST /api/inline/save/', () => {
  const inline = (body: Record<string, unknown>, token = tokens.sales) =>
    postForm(app, '/api/inline/save/', body, token);

  it('insert: a sales agent’s lead lands in their team, owned by them', async () => {
    const answer = ok<{ success: boolean; message: string; id: number }>(
      await inline({
        table: 'leads',
        type: 'insert',
        inputs: { name: 'Yeni Başvuru', phone: '5321234567', city: 'Muş' },
      }),
    );
    expect(answer.success).toBe(true);
    expect(answer.message).toBe('İşlem başarıyla kaydedildi');
    const row = await db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Yeni Başvuru',
      team_id: salesUser.team_id,
      agent_id: salesUser.id,
      is_customer: 0,
    });
    expect(row.name_folded).toBe('yeni basvuru');
  });

  it('insert into customers sets is_customer from the base filter', async () => {
    const answer = ok<{ id: number }>(
      await inline({ table: 'customers', type: 'insert', inputs: { name: 'Yeni Müşteri' } }, tokens.admin),
    );
    const row = await db
      .selectFrom('leads')
      .select(['is_customer'])
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row.is_customer).toBe(1);
  });

  it('insert: name is required, unknown fields refused, update flag needed', async () => {
    expect(failure(await inline({ table: 'leads', type: 'insert', inputs: { city: 'Van' } }), 400)).toBe(
      'Zorunlu alan eksik: Ad Soyad',
    );
    failure(await inline({ table: 'leads', type: 'insert', inputs: { name: 'X', password_hash: 'x' } }), 400);
    failure(await inline({ table: 'leads', type: 'insert', inputs: { name: 'X' } }, tokens.finance), 403);
    failure(await inline({ table: 'users', type: 'insert', inputs: { name: 'X' } }), 404);
  });

  it('insert: a field outside the insert form and the write list is refused', async () => {
    expect(
      failure(
        await inline({
          table: 'leads',
          type: 'insert',
          inputs: { name: 'Başka Takım', team_id: sales2Team },
        }),
        400,
      ),
    ).toBe('Geçersiz alan: team_id');
  });

  it('insert: a row that would land outside the restriction is refused and not written', async () => {
    await withSalesLeadPermission({ write_fields: null }, async () => {
      const before = await count(sql<boolean>`name = 'Başka Takım'`);
      failure(
        await inline({
          table: 'leads',
          type: 'insert',
          inputs: { name: 'Başka Takım', team_id: sales2Team },
        }),
        403,
      );
      expect(await count(sql<boolean>`name = 'Başka Takım'`)).toBe(before);
    });
  });

  it('keyName/keyValue/fieldName/fieldValue updates one field of a visible row', async () => {
    const own = marked.find((l) => l.team_id === salesUser.team_id) as Marked;
    const foreign = marked.find((l) => l.team_id === sales2Team) as Marked;
    ok(
      await inline({
        table: 'leads',
        keyName: 'id',
        keyValue: own.id,
        fieldName: 'city',
        fieldValue: 'Rize',
      }),
    );
    expect(
      (await db.selectFrom('leads').select('city').where('id', '=', own.id).executeTakeFirstOrThrow()).city,
    ).toBe('Rize');
    failure(
      await inline({
        table: 'leads',
        keyName: 'id',
        keyValue: foreign.id,
        fieldName: 'city',
        fieldValue: 'Rize',
      }),
      404,
    );
    failure(
      await inline({
        table: 'leads',
        keyName: 'team_id',
        keyValue: own.id,
        fieldName: 'city',
        fieldValue: 'Rize',
      }),
      400,
    );
    failure(
      await inline({
        table: 'leads',
        keyName: 'id',
        keyValue: '1 or 1=1',
        fieldName: 'city',
        fieldValue: 'Rize',
      }),
      400,
    );
    failure(
      await inline({
        table: 'leads',
        keyName: 'id',
        keyValue: own.id,
        fieldName: 'team_id',
        fieldValue: sales2Team,
      }),
      400,
    );
  });

  it('insert_note: needs a body and a lead the user may see; signed by the user', async () => {
    const own = marked.find((l) => l.team_id === salesUser.team_id) as Marked;
    const foreign = marked.find((l) => l.team_id === sales2Team) as Marked;
    const answer = ok<{ id: number }>(
      await inline({
        table: 'lead_notes',
        type: 'insert_note',
        inputs: { lead_id: own.id, body: 'Arandı, tekrar aranacak', agents: [salesUser.id] },
      }),
    );
    const note = await db
      .selectFrom('lead_notes')
      .selectAll()
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      lead_id: own.id,
      insert_agent_id: salesUser.id,
      agent_name: 'Emre Şahin',
      quality: 5,
    });
    expect(
      failure(
        await inline({ table: 'lead_notes', type: 'insert_note', inputs: { lead_id: own.id, body: ' ' } }),
        400,
      ),
    ).toBe(messages.noteBodyRequired);
    failure(
      await inline({ table: 'lead_notes', type: 'insert_note', inputs: { lead_id: foreign.id, body: 'x' } }),
      404,
    );
  });
});
