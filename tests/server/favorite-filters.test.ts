import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { FAVORITE_FILTERS_PER_TABLE } from '../../src/server/modules/favorite-filters/service';
import type { CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm, postJson } from './support/http';

type ListAnswer = CallResult<'favoriteFilters'>;
type RemoveAnswer = CallResult<'favoriteFilterRemove'>;

let server: DemoServer;
let db: Kysely<Database>;

const favorites = (table: string, token: string, body?: Record<string, unknown>) =>
  postForm(server.app, `/api/favorite-filters/${table}`, body, token);
const removeFavorite = (id: number | string, token: string) =>
  postForm(server.app, `/api/favorite-filters/remove/${id}`, {}, token);

const STATUS_FILTER = { name: 'status_id', type: 11, value: ['1', '3'] };
const NAME_FILTER = { name: 'name', type: 2, value: 'Işık' };
const DATE_FILTER = { name: 'created_at', type: 10, value: { start: '2025-01-01', end: '2025-01-31' } };

async function storedRows(userId: number): Promise<{ id: number; name: string; table_name: string }[]> {
  return db
    .selectFrom('favorite_filters')
    .select(['id', 'name', 'table_name'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  // The demo seeds two saved filters per agent; this suite starts from a user who has saved none.
  await db.deleteFrom('favorite_filters').execute();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /api/favorite-filters/{table}', () => {
  it('lists nothing for a new user', async () => {
    const answer = okAnswer<ListAnswer>(await favorites('leads', server.users.sales.token));
    expect(answer).toEqual({ success: true, results: [] });
  });

  it('saves a named filter set and answers the list with it', async () => {
    const { sales } = server.users;
    const answer = okAnswer<ListAnswer>(
      await favorites('leads', sales.token, {
        name: 'Sıcak İstanbul',
        filters: [STATUS_FILTER, { ...NAME_FILTER, editedId: 4 }, DATE_FILTER],
      }),
    );
    expect(answer.success).toBe(true);
    expect(answer.msg).toBe(messages.favoriteFilterSaved);
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]).toMatchObject({
      id: answer.id,
      name: 'Sıcak İstanbul',
      table: 'leads',
      // Parsed by the contract's filterSchema: editedId (a client detail) is not stored.
      filters: [STATUS_FILTER, NAME_FILTER, DATE_FILTER],
    });
    expect(answer.results[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await storedRows(sales.id)).toEqual([
      { id: answer.id, name: 'Sıcak İstanbul', table_name: 'leads' },
    ]);

    const listed = okAnswer<ListAnswer>(await favorites('leads', sales.token));
    expect(listed.results).toEqual(answer.results);
  });

  it('replaces the filters when the same name is saved again', async () => {
    const { sales } = server.users;
    const first = okAnswer<ListAnswer>(
      await favorites('leads', sales.token, { name: 'Tekrar', filters: [STATUS_FILTER] }),
    );
    const again = okAnswer<ListAnswer>(
      await postJson(
        server.app,
        '/api/favorite-filters/leads',
        { name: ' Tekrar ', filters: [NAME_FILTER] },
        sales.token,
      ),
    );
    expect(again.id).toBe(first.id);
    expect(again.results.filter((item) => item.name === 'Tekrar')).toMatchObject([
      { filters: [NAME_FILTER] },
    ]);
  });

  it('keeps favourites per table', async () => {
    const { sales } = server.users;
    okAnswer<ListAnswer>(
      await favorites('customers', sales.token, { name: 'Müşteri', filters: [NAME_FILTER] }),
    );
    const customers = okAnswer<ListAnswer>(await favorites('customers', sales.token));
    expect(customers.results.map((item) => item.name)).toEqual(['Müşteri']);
    const leads = okAnswer<ListAnswer>(await favorites('leads', sales.token));
    expect(leads.results.map((item) => item.name)).not.toContain('Müşteri');
  });

  it('saves a name without filters (an empty list is not sent by a form)', async () => {
    const { sales } = server.users;
    const answer = okAnswer<ListAnswer>(await favorites('leads', sales.token, { name: 'Boş' }));
    expect(answer.results.find((item) => item.id === answer.id)?.filters).toEqual([]);
  });

  it.each([
    ['filters without a name', { filters: [STATUS_FILTER] }],
    ['an empty name', { name: '', filters: [STATUS_FILTER] }],
    ['a blank name', { name: '   ' }],
  ])('requires a name: %s', async (_case, body) => {
    const { sales } = server.users;
    const before = await storedRows(sales.id);
    const msg = failureMessage(await favorites('leads', sales.token, body), 400);
    expect(msg).toBe('Favori filtre adı zorunludur');
    expect(await storedRows(sales.id)).toEqual(before);
  });

  it.each([
    ['an unknown operator type', { name: 'x', filters: [{ name: 'status_id', type: 13, value: '1' }] }],
    [
      'a field name with SQL',
      { name: 'x', filters: [{ name: 'name; drop table leads', type: 1, value: 'a' }] },
    ],
    ['a nested value', { name: 'x', filters: [{ name: 'name', type: 1, value: { a: { b: 'c' } } }] }],
    ['a range on an operator other than between', { name: 'x', filters: [{ ...DATE_FILTER, type: 1 }] }],
    ['an empty range', { name: 'x', filters: [{ ...DATE_FILTER, value: { start: '' } }] }],
    ['between without a range', { name: 'x', filters: [{ ...DATE_FILTER, value: '2025-01-01' }] }],
    ['filters as an object', { name: 'x', filters: { name: 'name', type: 1, value: 'a' } }],
    ['a name as an object', { name: { first: 'x' }, filters: [NAME_FILTER] }],
    ['a name too long', { name: 'a'.repeat(101), filters: [NAME_FILTER] }],
    ['too many filters', { name: 'x', filters: Array.from({ length: 51 }, () => NAME_FILTER) }],
    [
      'a field that is not registered',
      { name: 'x', filters: [{ name: 'password_hash', type: 1, value: 'a' }] },
    ],
  ])('refuses %s with 400 (never 500)', async (_case, body) => {
    const { sales } = server.users;
    const before = await storedRows(sales.id);
    failureMessage(await favorites('leads', sales.token, body), 400);
    failureMessage(await postJson(server.app, '/api/favorite-filters/leads', body, sales.token), 400);
    expect(await storedRows(sales.id)).toEqual(before);
  });

  it('refuses a filter on a field the user may not list', async () => {
    // The finance group's lead list hides tc (seed): it cannot filter by it, so it cannot save that either.
    const token = await login(server.app, 'finance@demo.crm', DEMO_PASSWORD);
    const msg = failureMessage(
      await favorites('leads', token, { name: 'TC', filters: [{ name: 'tc', type: 1, value: '1' }] }),
      400,
    );
    expect(msg).toBe(format(messages.invalidFilter, { field: 'tc' }));
  });

  it('answers 404 for a table the user may not see, listing or saving', async () => {
    const { sales } = server.users;
    for (const body of [undefined, { name: 'x', filters: [NAME_FILTER] }]) {
      const msg = failureMessage(await favorites('users', sales.token, body), 404);
      expect(msg).toBe(messages.tableNotFound);
    }
    failureMessage(await favorites('no_such_table', sales.token), 404);
    failureMessage(await favorites('Leads;drop', sales.token), 400);
  });

  it(`keeps at most ${FAVORITE_FILTERS_PER_TABLE} favourites per table and user`, async () => {
    const { sales2 } = server.users;
    await db
      .insertInto('favorite_filters')
      .values(
        Array.from({ length: FAVORITE_FILTERS_PER_TABLE }, (_, i) => ({
          user_id: sales2.id,
          table_name: 'customers',
          name: `Filtre ${i}`,
          filters: '[]',
        })),
      )
      .execute();
    const msg = failureMessage(await favorites('customers', sales2.token, { name: 'Bir fazla' }), 400);
    expect(msg).toBe(format(messages.favoriteFilterLimit, { max: FAVORITE_FILTERS_PER_TABLE }));
    // Saving again under an existing name is still a replacement, not one more.
    okAnswer<ListAnswer>(
      await favorites('customers', sales2.token, { name: 'Filtre 0', filters: [NAME_FILTER] }),
    );
  });

  it('skips stored filters that no longer parse instead of failing the list', async () => {
    const { admin } = server.users;
    await db
      .insertInto('favorite_filters')
      .values({
        user_id: admin.id,
        table_name: 'leads',
        name: 'Eski biçim',
        filters: JSON.stringify([{ name: 'status_id', type: 99, value: '1' }, NAME_FILTER, 'bozuk']),
      })
      .execute();
    const answer = okAnswer<ListAnswer>(await favorites('leads', admin.token));
    expect(answer.results.find((item) => item.name === 'Eski biçim')?.filters).toEqual([NAME_FILTER]);
  });

  it('needs a session', async () => {
    failureMessage(await postForm(server.app, '/api/favorite-filters/leads'), 401);
  });
});

describe('POST /api/favorite-filters/remove/{id}', () => {
  it("lists only the user's own favourites and removes only those", async () => {
    const { sales, sales2 } = server.users;
    const saved = okAnswer<ListAnswer>(
      await favorites('leads', sales.token, { name: 'Silinecek', filters: [STATUS_FILTER] }),
    );
    const id = saved.id as number;

    const others = okAnswer<ListAnswer>(await favorites('leads', sales2.token));
    expect(others.results.map((item) => item.id)).not.toContain(id);

    const msg = failureMessage(await removeFavorite(id, sales2.token), 404);
    expect(msg).toBe(messages.recordNotFound);
    expect((await storedRows(sales.id)).map((row) => row.id)).toContain(id);

    const removed = okAnswer<RemoveAnswer>(await removeFavorite(id, sales.token));
    expect(removed).toEqual({ success: true, msg: messages.favoriteFilterRemoved });
    expect((await storedRows(sales.id)).map((row) => row.id)).not.toContain(id);
    failureMessage(await removeFavorite(id, sales.token), 404);
  });

  it.each(['abc', '1%20OR%201=1', '0', '-5', '99999999999'])('answers 400 for the id %s', async (id) => {
    failureMessage(await removeFavorite(id, server.users.sales.token), 400);
  });

  it('needs a session', async () => {
    failureMessage(await postForm(server.app, '/api/favorite-filters/remove/1'), 401);
  });
});
