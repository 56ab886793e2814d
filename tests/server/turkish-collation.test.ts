import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTurkishCollation } from '../../src/server/engine/text-collation';
import { FILTER_TYPES } from '../../src/shared/domain/filters';
import { startDemoServer, type DemoServer } from './support/demo-server';
import { postForm } from './support/http';

/** The task's names in the order they were typed in. */
const TYPED = ['Çağrı', 'Cem', 'Ömer', 'Özge', 'Şule', 'Zeki', 'İsmail', 'Ilgaz'];
/** The Turkish alphabet: C < Ç, I (dotless) < İ, O < Ö, S < Ş. */
const TURKISH_ORDER = ['Cem', 'Çağrı', 'Ilgaz', 'İsmail', 'Ömer', 'Özge', 'Şule', 'Zeki'];
/** Without ICU: the folded name (ç→c, ı/i→i, ö→o, ş→s), so Çağrı ("cagri") comes before Cem. */
const FOLDED_ORDER = ['Çağrı', 'Cem', 'Ilgaz', 'İsmail', 'Ömer', 'Özge', 'Şule', 'Zeki'];
const MARKER = '@sirala.test';

let server: DemoServer;
let turkish: string | null;
const idsByName = new Map<string, number>();

beforeAll(async () => {
  server = await startDemoServer();
  turkish = await findTurkishCollation(server.db);
  for (const [index, name] of TYPED.entries()) {
    const answer = await postForm(
      server.app,
      '/api/inline/save/',
      { table: 'leads', type: 'insert', inputs: { name, email: `kisi${index}${MARKER}` } },
      server.users.admin.token,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    idsByName.set(name, answer.json<{ id: number }>().id);
  }
});

afterAll(async () => {
  await server?.close();
});

async function namesSorted(type: 'asc' | 'desc'): Promise<string[]> {
  const response = await postForm(
    server.app,
    '/api/table/leads',
    {
      page: 1,
      limit: 50,
      fields: ['name'],
      sort: { name: 'name', type },
      filters: [{ name: 'email', type: FILTER_TYPES.endsWith, value: MARKER }],
    },
    server.users.admin.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: { name: string }[] }>().results.map((row) => row.name);
}

/** The names "Sonraki kayıt" walks through from the first one, in the list's order. */
async function nextLeadWalk(first: string, type: 'asc' | 'desc'): Promise<string[]> {
  const nameById = new Map([...idsByName].map(([name, id]) => [id, name]));
  const walked = [first];
  let current = idsByName.get(first);
  while (current !== undefined && walked.length < TYPED.length) {
    const response = await postForm(
      server.app,
      `/api/nextLead/${current}`,
      {
        table: 'leads',
        sort: { name: 'name', type },
        filters: [{ name: 'email', type: FILTER_TYPES.endsWith, value: MARKER }],
      },
      server.users.admin.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const next = response.json<{ id: number | null }>().id;
    current = next ?? undefined;
    if (next !== null) walked.push(nameById.get(next) ?? `?${next}`);
  }
  return walked;
}

describe('name order', () => {
  it('PostgreSQL with ICU offers the Turkish collation; PGlite has none', async () => {
    if (server.database.kind === 'pglite') expect(turkish).toBeNull();
    // Debian's and the official PostgreSQL packages are built with ICU: CI's server must have it.
    else expect(turkish).toMatch(/^tr(-TR)?-x-icu$/);
  });

  it('sorts names Turkish-style where the server has ICU, by the folded name elsewhere', async () => {
    const expected = turkish ? TURKISH_ORDER : FOLDED_ORDER;
    expect(await namesSorted('asc')).toEqual(expected);
    expect(await namesSorted('desc')).toEqual([...expected].reverse());
  });

  it('"Sonraki kayıt" follows the same order as the list', async () => {
    const expected = turkish ? TURKISH_ORDER : FOLDED_ORDER;
    expect(await nextLeadWalk(expected[0] ?? '', 'asc')).toEqual(expected);
    const reversed = [...expected].reverse();
    expect(await nextLeadWalk(reversed[0] ?? '', 'desc')).toEqual(reversed);
  });
});
