import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldTurkish } from '../../../src/shared/domain/turkish-fold';
import { DomainError } from '../../../src/server/domain-errors';
import { httpStatus } from '../../../src/server/http/error-status';
import type { FilterCondition } from '../../../src/server/engine/filter-compiler';
import { runListQuery, type ListRequest } from '../../../src/server/engine/list-query';
import { resolveTableAccess, type TableAccess } from '../../../src/server/engine/permission-resolver';
import { tryRowRestriction } from '../../../src/server/engine/row-restriction';
import type { EngineUser } from '../../../src/server/engine/types';
import { createEngineFixture, type EngineFixture, type LeadFixture } from './fixtures';

let fx: EngineFixture;
let adminLeads: TableAccess;

beforeAll(async () => {
  fx = await createEngineFixture();
  adminLeads = await resolveTableAccess(fx.db, fx.registry, fx.users.admin, 'leads');
});
afterAll(async () => {
  await fx?.close();
});

async function ids(filters: FilterCondition[], access: TableAccess = adminLeads): Promise<number[]> {
  const page = await runListQuery(fx.db, access, {
    page: 1,
    limit: 500,
    filters,
    sort: { name: 'id', type: 'asc' },
  });
  return page.results.map((row) => Number(row.id));
}

const expected = (keep: (lead: LeadFixture) => boolean): number[] =>
  fx.leads
    .filter(keep)
    .map((lead) => lead.id)
    .sort((x, y) => x - y);

/** A refusal as the HTTP layer answers it: status and message. */
async function rejection(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: httpStatus(error.kind), message: error.message };
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('registry', () => {
  it('drops registered fields whose column does not exist, and tables whose source is missing', async () => {
    const leads = await fx.registry.getTable('leads');
    expect(leads?.fieldsByName.has('no_such_column')).toBe(false);
    expect(leads?.fieldsByName.get('name')?.searchColumn).toBe('name_folded');
    expect(await fx.registry.getTable('ghost')).toBeUndefined();
    expect(fx.warnings.some((w) => w.includes('no_such_column'))).toBe(true);
  });

  it('reloads after invalidate()', async () => {
    await fx.db
      .updateTable('crm_fields')
      .set({ display_name: 'İsim' })
      .where('table_name', '=', 'leads')
      .where('name', '=', 'name')
      .execute();
    expect((await fx.registry.getTable('leads'))?.fieldsByName.get('name')?.displayName).toBe('Ad Soyad');
    fx.registry.invalidate();
    expect((await fx.registry.getTable('leads'))?.fieldsByName.get('name')?.displayName).toBe('İsim');
  });
});

describe('filter types 1-12 against the data', () => {
  it('1 equal (number, text, date on a timestamp = that whole day)', async () => {
    expect(await ids([{ name: 'status_id', type: 1, value: '2' }])).toEqual(
      expected((l) => l.status_id === 2),
    );
    expect(await ids([{ name: 'city', type: 1, value: 'Ankara' }])).toEqual(
      expected((l) => l.city === 'Ankara'),
    );
    expect(await ids([{ name: 'created_at', type: 1, value: '2025-03-01' }])).toEqual(
      expected((l) => l.created_at.startsWith('2025-03-01')),
    );
  });

  it('2 contains / 3 not contains / 8 starts with / 9 ends with', async () => {
    const has = (l: LeadFixture, part: string) => foldTurkish(l.name).includes(foldTurkish(part));
    expect(await ids([{ name: 'name', type: 2, value: 'kaya' }])).toEqual(expected((l) => has(l, 'kaya')));
    expect(await ids([{ name: 'name', type: 3, value: 'kaya' }])).toEqual(expected((l) => !has(l, 'kaya')));
    expect(await ids([{ name: 'name', type: 8, value: 'ış' }])).toEqual(
      expected((l) => foldTurkish(l.name).startsWith('is')),
    );
    expect(await ids([{ name: 'name', type: 9, value: 'KAYA' }])).toEqual(
      expected((l) => foldTurkish(l.name).endsWith('kaya')),
    );
  });

  it('"not contains" keeps rows whose column is NULL', async () => {
    const result = await ids([{ name: 'city', type: 3, value: 'ankara' }]);
    expect(result).toEqual(expected((l) => l.city === null || !foldTurkish(l.city).includes('ankara')));
    expect(result).toContain(fx.leads.find((l) => l.city === null)?.id);
  });

  it('4 > / 5 < / 6 >= / 7 <= on numbers', async () => {
    expect(await ids([{ name: 'status_id', type: 4, value: '1' }])).toEqual(
      expected((l) => (l.status_id ?? 0) > 1),
    );
    expect(await ids([{ name: 'status_id', type: 5, value: '2' }])).toEqual(
      expected((l) => l.status_id !== null && l.status_id < 2),
    );
    expect(await ids([{ name: 'status_id', type: 6, value: '2' }])).toEqual(
      expected((l) => (l.status_id ?? 0) >= 2),
    );
    expect(await ids([{ name: 'status_id', type: 7, value: '2' }])).toEqual(
      expected((l) => l.status_id !== null && l.status_id <= 2),
    );
  });

  it('4-7 with a bare day on a timestamp: <= and > cover the whole day', async () => {
    expect(await ids([{ name: 'created_at', type: 7, value: '2025-03-01' }])).toEqual(
      expected((l) => l.created_at < '2025-03-02'),
    );
    expect(await ids([{ name: 'created_at', type: 4, value: '2025-03-01' }])).toEqual(
      expected((l) => l.created_at >= '2025-03-02'),
    );
    expect(await ids([{ name: 'created_at', type: 5, value: '2025-03-01' }])).toEqual(
      expected((l) => l.created_at < '2025-03-01'),
    );
    expect(await ids([{ name: 'created_at', type: 6, value: '2025-03-01 12:00' }])).toEqual(
      expected((l) => l.created_at >= '2025-03-01 12:00:00'),
    );
  });

  it('10 between: both ends, open ends, a date-only end includes that day', async () => {
    expect(
      await ids([{ name: 'created_at', type: 10, value: { start: '2025-03-01', end: '2025-03-01' } }]),
    ).toEqual(expected((l) => l.created_at.startsWith('2025-03-01')));
    expect(await ids([{ name: 'created_at', type: 10, value: { start: '2025-01-17' } }])).toEqual(
      expected((l) => l.created_at >= '2025-01-17'),
    );
    expect(await ids([{ name: 'created_at', type: 10, value: { end: '2024-12-31' } }])).toEqual(
      expected((l) => l.created_at < '2025-01-01'),
    );
    expect(await ids([{ name: 'status_id', type: 10, value: { start: '2', end: '3' } }])).toEqual(
      expected((l) => l.status_id !== null && l.status_id >= 2 && l.status_id <= 3),
    );
    expect(
      await ids([{ name: 'birthday', type: 10, value: { start: '1980-01-01', end: '2000-02-29' } }]),
    ).toEqual(
      expected((l) => l.birthday !== null && l.birthday >= '1980-01-01' && l.birthday <= '2000-02-29'),
    );
    // Both ends empty: no filter at all.
    expect(await ids([{ name: 'created_at', type: 10, value: { start: '', end: ' ' } }])).toEqual(
      expected(() => true),
    );
  });

  it('11 IN list and 12 NOT IN list (12 keeps NULLs)', async () => {
    expect(await ids([{ name: 'status_id', type: 11, value: ['1', '3'] }])).toEqual(
      expected((l) => l.status_id === 1 || l.status_id === 3),
    );
    expect(await ids([{ name: 'status_id', type: 12, value: ['1', '3'] }])).toEqual(
      expected((l) => l.status_id !== 1 && l.status_id !== 3),
    );
    expect(await ids([{ name: 'city', type: 11, value: 'Bursa' }])).toEqual(
      expected((l) => l.city === 'Bursa'),
    );
  });

  it('filters are ANDed and empty values are ignored', async () => {
    expect(
      await ids([
        { name: 'city', type: 2, value: 'istanbul' },
        { name: 'status_id', type: 1, value: '1' },
        { name: 'name', type: 2, value: '' },
      ]),
    ).toEqual(expected((l) => foldTurkish(l.city ?? '').includes('istanbul') && l.status_id === 1));
  });
});

describe('Turkish folding search', () => {
  it('"ışık", "IŞIK", "isik" and "Işık" all find the same names', async () => {
    const want = expected((l) => foldTurkish(l.name).includes('isik'));
    expect(want.length).toBe(3);
    for (const query of ['ışık', 'IŞIK', 'isik', 'Işık', 'ISIK', 'İŞİK']) {
      expect(await ids([{ name: 'name', type: 2, value: query }]), query).toEqual(want);
    }
  });

  it('columns without a search column fold on the fly (İstanbul = istanbul = ISTANBUL)', async () => {
    const want = expected((l) => l.city !== null && foldTurkish(l.city) === 'istanbul');
    expect(await ids([{ name: 'city', type: 2, value: 'ISTANBUL' }])).toEqual(want);
    expect(await ids([{ name: 'city', type: 8, value: 'İst' }])).toEqual(want);
  });

  it('LIKE wildcards and quotes in values match literally', async () => {
    expect(await ids([{ name: 'name', type: 2, value: '%' }])).toEqual(expected((l) => l.name.includes('%')));
    expect(await ids([{ name: 'name', type: 2, value: '_' }])).toEqual(expected((l) => l.name.includes('_')));
    expect(await ids([{ name: 'name', type: 2, value: '\\' }])).toEqual(
      expected((l) => l.name.includes('\\')),
    );
    expect(await ids([{ name: 'name', type: 2, value: "o'neil" }])).toEqual(
      expected((l) => l.name.startsWith("O'Neil")),
    );
    expect(await ids([{ name: 'name', type: 1, value: "' or 1=1 --" }])).toEqual([]);
  });
});

describe('hostile or malformed filters are 400, never 500', () => {
  const bad: readonly [string, FilterCondition][] = [
    ['unknown field', { name: 'name; drop table leads', type: 1, value: 'x' }],
    ['injection in field name', { name: 'id) or (1=1', type: 1, value: '1' }],
    ['unregistered column', { name: 'name_folded', type: 2, value: 'x' }],
    ['missing column in the registry', { name: 'no_such_column', type: 1, value: 'x' }],
    ['type 99', { name: 'name', type: 99, value: 'x' }],
    ['type 0', { name: 'name', type: 0, value: 'x' }],
    ['text into a number', { name: 'status_id', type: 1, value: 'abc' }],
    ['number overflow', { name: 'status_id', type: 4, value: '99999999999999' }],
    ['decimal into an integer', { name: 'status_id', type: 1, value: '1.5' }],
    ['bad date', { name: 'created_at', type: 4, value: '2025-02-30' }],
    ['not a date', { name: 'birthday', type: 1, value: 'yesterday' }],
    ['list for equal', { name: 'name', type: 1, value: ['a', 'b'] }],
    ['range for contains', { name: 'name', type: 2, value: { start: 'a' } }],
    ['scalar for between', { name: 'status_id', type: 10, value: '1' }],
    ['range for IN', { name: 'status_id', type: 11, value: { start: '1' } }],
    ['bad item in list', { name: 'status_id', type: 11, value: ['1', 'x'] }],
    [
      'huge list',
      { name: 'status_id', type: 11, value: Array.from({ length: 501 }, (_, i) => String(i + 1)) },
    ],
  ];
  for (const [label, filter] of bad) {
    it(label, async () => {
      const error = await rejection(ids([filter]));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^Geçersiz filtre: /);
    });
  }

  it('names the field by its display name', async () => {
    const error = await rejection(ids([{ name: 'status_id', type: 1, value: 'abc' }]));
    expect(error.message).toBe('Geçersiz filtre: Durum');
  });
});

describe('permission resolver', () => {
  it('forbidden or unknown tables answer 404 with the same text', async () => {
    for (const [user, table] of [
      [fx.users.outsider, 'leads'],
      [fx.users.viewer, 'customers'],
      [fx.users.admin, 'ghost'],
      [fx.users.admin, 'nope'],
    ] as const) {
      const error = await rejection(resolveTableAccess(fx.db, fx.registry, user, table));
      expect(error.status).toBe(404);
      expect(error.message).toBe('Böyle bir tablo yok veya görme yetkiniz yok');
    }
  });

  it('field lists: null = all, id always listable, password components never', async () => {
    const agent = await resolveTableAccess(fx.db, fx.registry, fx.users.agent, 'leads');
    expect(agent.listable[0]?.name).toBe('id');
    expect(agent.listableNames.has('tc')).toBe(false);
    expect([...agent.readableNames]).toEqual(['id', 'name', 'status_id', 'team_id', 'city', 'email']);
    expect(agent.writableNames.has('id')).toBe(false);
    expect(adminLeads.writableNames.has('id')).toBe(false);
    expect(adminLeads.listableNames.has('tc')).toBe(true);
    const users = await resolveTableAccess(fx.db, fx.registry, fx.users.admin, 'users');
    expect(users.listableNames.has('password_hash')).toBe(false);
    expect(users.readableNames.has('password_hash')).toBe(false);
    expect(users.writableNames.has('password_hash')).toBe(false);
  });

  it('filtering on a field the user may not list is refused', async () => {
    const agent = await resolveTableAccess(fx.db, fx.registry, fx.users.agent, 'leads');
    const error = await rejection(ids([{ name: 'tc', type: 1, value: '11111111110' }], agent));
    expect(error.status).toBe(400);
  });

  it('row restriction and base filter are always applied', async () => {
    const agent = await resolveTableAccess(fx.db, fx.registry, fx.users.agent, 'leads');
    expect(await ids([], agent)).toEqual(expected((l) => l.team_id === fx.teams.a));
    const customers = await resolveTableAccess(fx.db, fx.registry, fx.users.agent, 'customers');
    expect(await ids([], customers)).toEqual(
      expected((l) => l.team_id === fx.teams.a && l.is_customer === 1),
    );
    const adminCustomers = await resolveTableAccess(fx.db, fx.registry, fx.users.admin, 'customers');
    expect(await ids([], adminCustomers)).toEqual(expected((l) => l.is_customer === 1));
  });

  it('a stored restriction that does not validate closes the table (403)', async () => {
    const broken: EngineUser = fx.users.viewer;
    await fx.db
      .updateTable('permissions')
      .set({ extra_sql: 'pg_sleep(1) is null' })
      .where('user_group_id', '=', broken.user_group_id)
      .where('table_name', '=', 'leads')
      .execute();
    const error = await rejection(resolveTableAccess(fx.db, fx.registry, broken, 'leads'));
    expect(error.status).toBe(403);
    await fx.db
      .updateTable('permissions')
      .set({ extra_sql: null })
      .where('user_group_id', '=', broken.user_group_id)
      .where('table_name', '=', 'leads')
      .execute();
  });

  it('tryRowRestriction reports type mistakes before they reach a list', async () => {
    const columns = ['id', 'team_id', 'city'];
    expect(await tryRowRestriction(fx.db, 'leads', 'team_id = {user.team_id}', columns)).toBeNull();
    expect(await tryRowRestriction(fx.db, 'leads', "team_id = 'abc'", columns)).toMatch(
      /^Satır kısıtlaması çözümlenemedi/,
    );
    expect(await tryRowRestriction(fx.db, 'leads', 'pg_sleep(1) is null', columns)).toMatch(/fonksiyon/);
  });
});

describe('list query', () => {
  const list = (request: Partial<ListRequest>) =>
    runListQuery(fx.db, adminLeads, { page: 1, limit: 5, filters: [], ...request });

  it('defaults to id desc, pages with exact totals', async () => {
    const all = fx.leads.map((l) => l.id).sort((x, y) => y - x);
    const first = await list({});
    expect(first.total).toBe(fx.leads.length);
    expect(first.results.map((r) => r.id)).toEqual(all.slice(0, 5));
    const third = await list({ page: 3 });
    expect(third.results.map((r) => r.id)).toEqual(all.slice(10, 15));
    expect(third.total).toBe(fx.leads.length);
  });

  it('sorts asc/desc on a field, ties broken by id', async () => {
    const asc = await list({ limit: 50, sort: { name: 'city', type: 'asc' }, fields: ['city'] });
    const cities = asc.results.map((r) => r.city);
    const nonNull = cities.filter((c): c is string => typeof c === 'string');
    expect(cities.slice(-1)).toEqual([null]);
    const { rows } = await sql<{
      city: string;
    }>`select city from leads where city is not null order by city asc, id asc`.execute(fx.db);
    expect(nonNull).toEqual(rows.map((r) => r.city));
    const desc = await list({ limit: 50, sort: { name: 'status_id', type: 'desc' } });
    const pairs = desc.results.map((r) => [r.status_id, r.id] as const);
    const sorted = [...pairs].sort((x, y) => {
      const sx = x[0] === null ? Infinity : Number(x[0]);
      const sy = y[0] === null ? Infinity : Number(y[0]);
      return sy - sx || Number(y[1]) - Number(x[1]);
    });
    expect(pairs).toEqual(sorted);
  });

  it('returns only requested listable columns, id first', async () => {
    const page = await list({ fields: ['city', 'name', 'nope', 'id'] });
    expect(page.fields).toEqual(['id', 'city', 'name']);
    expect(Object.keys(page.results[0] ?? {})).toEqual(['id', 'city', 'name']);
  });

  it('refuses sorting on an unknown or hidden field', async () => {
    expect((await rejection(list({ sort: { name: 'password_hash', type: 'asc' } }))).status).toBe(400);
    const agent = await resolveTableAccess(fx.db, fx.registry, fx.users.agent, 'leads');
    const error = await rejection(
      runListQuery(fx.db, agent, { page: 1, limit: 5, filters: [], sort: { name: 'tc', type: 'asc' } }),
    );
    expect(error.status).toBe(400);
  });
});
