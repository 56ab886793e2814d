import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { forgetCaches } from './support/caches';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { postJson } from './support/http';

/** The generic detail page's layouts: per user and table, only fields the user may read. */

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => {
  await server.close();
});

type LayoutAnswer = CallResult<'detailLayout'>;
const get = (token: string, table = 'leads') =>
  server.app.inject({
    method: 'POST',
    url: `/api/detail-layout/${table}`,
    headers: { authorization: `Bearer ${token}` },
  });
const save = (token: string, sections: unknown, table = 'leads') =>
  postJson(server.app, '/api/detail-layout/save', { table, sections }, token);

describe('detail layouts', () => {
  it('keeps a layout per user and table; another user has none', async () => {
    const { sales, sales2 } = server.users;
    expect(okAnswer<LayoutAnswer>(await get(sales.token)).sections).toBeNull();
    const sections = [
      { title: 'İletişim', fields: ['phone', 'email'] },
      { title: 'Kimlik', fields: ['name', 'tc'] },
    ];
    okAnswer(await save(sales.token, sections));
    expect(okAnswer<LayoutAnswer>(await get(sales.token)).sections).toEqual(sections);
    expect(okAnswer<LayoutAnswer>(await get(sales2.token)).sections).toBeNull();
    expect(okAnswer<LayoutAnswer>(await get(sales.token, 'customers')).sections).toBeNull();
    // An empty list removes it.
    okAnswer(await save(sales.token, []));
    expect(okAnswer<LayoutAnswer>(await get(sales.token)).sections).toBeNull();
  });

  it('refuses a field the user may not read or one named twice, and a table they may not see', async () => {
    const { sales } = server.users;
    expect(failureMessage(await save(sales.token, [{ title: 'A', fields: ['password_hash'] }]), 400)).toBe(
      format(messages.detailLayoutInvalidField, { field: 'password_hash' }),
    );
    expect(
      failureMessage(
        await save(sales.token, [
          { title: 'A', fields: ['name'] },
          { title: 'B', fields: ['name'] },
        ]),
        400,
      ),
    ).toBe(format(messages.detailLayoutInvalidField, { field: 'name' }));
    expect(failureMessage(await save(sales.token, [{ title: 'A', fields: ['name'] }], 'users'), 404)).toBe(
      messages.tableNotFound,
    );
  });

  it('answers only the fields the user may still read', async () => {
    const { sales } = server.users;
    okAnswer(await save(sales.token, [{ title: 'Kimlik', fields: ['name', 'tc'] }]));
    const permission = await server.db
      .selectFrom('permissions')
      .select(['id', 'read_fields'])
      .where('user_group_id', '=', sales.user_group_id)
      .where('table_name', '=', 'leads')
      .executeTakeFirstOrThrow();
    const fields = await server.db
      .selectFrom('crm_fields')
      .select('name')
      .where('table_name', '=', 'leads')
      .execute();
    await server.db
      .updateTable('permissions')
      .set({ read_fields: fields.map((item) => item.name).filter((name) => name !== 'tc') })
      .where('id', '=', permission.id)
      .execute();
    await forgetCaches(server.app);
    try {
      expect(okAnswer<LayoutAnswer>(await get(sales.token)).sections).toEqual([
        { title: 'Kimlik', fields: ['name'] },
      ]);
    } finally {
      await server.db
        .updateTable('permissions')
        .set({ read_fields: permission.read_fields })
        .where('id', '=', permission.id)
        .execute();
      await forgetCaches(server.app);
    }
  });
});
