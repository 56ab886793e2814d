import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_LIST_IDS } from '../../src/shared/domain/constants';
import { startDemoServer, okAnswer, type DemoServer } from './support/demo-server';
import { get, postForm } from './support/http';

/*
 * One node with its caches on (the default): every change made through the CRM reaches the next request,
 * including the ones that only a generic save or the admin's cache reset announce.
 */
let server: DemoServer;

beforeAll(async () => {
  server = await startDemoServer();
});

afterAll(async () => {
  await server?.close();
});

const validate = async (token: string) =>
  okAnswer<{ data: { dahili: string | null; theme: string | null } }>(
    await postForm(server.app, '/api/auth/validate', {}, token),
  ).data;

describe('caches of one node', () => {
  it("shows a user's dahili an admin changed through the generic save at the user's next call", async () => {
    const { sales, admin } = server.users;
    const before = await validate(sales.token);
    const dahili = before.dahili === '4321' ? '4322' : '4321';
    const saved = await postForm(
      server.app,
      '/api/detail/save/',
      { table: 'users', id: sales.id, inputs: { dahili } },
      admin.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await validate(sales.token)).dahili).toBe(dahili);
  });

  it('keeps a change written straight into the database until Önbelleği temizle, then shows it', async () => {
    const { sales, admin } = server.users;
    const cached = (await validate(sales.token)).dahili;
    await server.db.updateTable('users').set({ dahili: '9876' }).where('id', '=', sales.id).execute();
    // Served from memory: the database was changed behind the CRM's back.
    expect((await validate(sales.token)).dahili).toBe(cached);
    okAnswer(await postForm(server.app, '/api/admin/resetCache', {}, admin.token));
    expect((await validate(sales.token)).dahili).toBe('9876');
  });

  it('shows a renamed user in the agents option list at the next call', async () => {
    const { sales, admin } = server.users;
    const agents = async () =>
      okAnswer<{ options: { label: string; value: number | string }[] }>(
        await get(server.app, `/api/getOption/${OPTION_LIST_IDS.agents}`, admin.token),
      ).options;
    expect((await agents()).some((option) => option.value === sales.id)).toBe(true);
    const saved = await postForm(
      server.app,
      '/api/detail/save/',
      { table: 'users', id: sales.id, inputs: { name: 'Önbellek Denemesi' } },
      admin.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await agents()).find((option) => option.value === sales.id)?.label).toBe('Önbellek Denemesi');
  });
});
