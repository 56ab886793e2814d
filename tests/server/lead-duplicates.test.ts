import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import type { CallResult, DuplicateAnswer } from '../../src/shared/contract';
import { workflowMessages } from '../../src/shared/i18n/workflow-messages';
import { okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { login, postForm, postJson } from './support/http';

/**
 * Duplicates caught where they are made (docs/user-guide.md#duplicates): a lead added or edited with a
 * phone, e-mail or T.C. another lead has is refused with 409 and the matches, named only inside the
 * user's rows, and saved when the user confirms.
 */

let server: DemoServer;
let db: Kysely<Database>;
let managerToken: string;

type Refusal = { success: false; msg: string; duplicates: DuplicateAnswer };

async function lead(values: {
  name: string;
  phone?: string | null;
  email?: string | null;
  tc?: string | null;
  team: 'sales' | 'sales2';
}): Promise<number> {
  const owner = server.users[values.team];
  const row = await db
    .insertInto('leads')
    .values({
      name: values.name,
      phone: values.phone ?? null,
      email: values.email ?? null,
      tc: values.tc ?? null,
      agent_id: owner.id,
      team_id: owner.team_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const add = (inputs: Record<string, unknown>, token: string, confirm?: 1) =>
  postForm(
    server.app,
    '/api/inline/save/',
    { table: 'leads', type: 'insert', inputs, ...(confirm ? { confirm_duplicates: confirm } : {}) },
    token,
  );

function refusal(response: { statusCode: number; body: string; json: <T>() => T }): Refusal {
  expect(response.statusCode, response.body).toBe(409);
  const body = response.json<Refusal>();
  expect(body.success).toBe(false);
  expect(body.msg).toBe(workflowMessages.duplicateFound);
  return body;
}

async function countNamed(name: string): Promise<number> {
  const rows = await db.selectFrom('leads').select('id').where('name', '=', name).execute();
  return rows.length;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  managerToken = await login(server.app, 'sales_manager@demo.crm', 'Demo.2026');
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('adding a lead', () => {
  it('a phone another lead has (compared as 10 digits) is answered with the match; confirmed, it saves', async () => {
    const existing = await lead({ name: 'Çift Telefon Mevcut', phone: '5394440001', team: 'sales' });
    const body = refusal(await add({ name: 'Çift Telefon Yeni', phone: '0 (539) 444 00 01' }, managerToken));
    expect(body.duplicates.matches).toEqual([
      { id: existing, name: 'Çift Telefon Mevcut', reasons: ['phone'] },
    ]);
    expect(body.duplicates.outside).toBe(0);
    expect(await countNamed('Çift Telefon Yeni')).toBe(0);
    const saved = okAnswer<CallResult<'inlineSave'>>(
      await add({ name: 'Çift Telefon Yeni', phone: '0 (539) 444 00 01' }, managerToken, 1),
    );
    expect(saved.id).toBeGreaterThan(0);
    expect(await countNamed('Çift Telefon Yeni')).toBe(1);
  });

  it('e-mail without case and T.C. match too, each named by its reason', async () => {
    const byMail = await lead({ name: 'Çift Posta', email: 'Ayse.Kaya@Ornek.com', team: 'sales' });
    const byTc = await lead({ name: 'Çift Kimlik', tc: '10000000146', team: 'sales' });
    const body = refusal(
      await add({ name: 'Çift İkisi', email: 'ayse.kaya@ornek.com', tc: '10000000146' }, managerToken),
    );
    expect(body.duplicates.matches).toEqual(
      expect.arrayContaining([
        { id: byMail, name: 'Çift Posta', reasons: ['email'] },
        { id: byTc, name: 'Çift Kimlik', reasons: ['tc'] },
      ]),
    );
  });

  it('a new phone nobody has saves at once', async () => {
    okAnswer(await add({ name: 'Tekil Telefon', phone: '5394449999' }, managerToken));
    expect(await countNamed('Tekil Telefon')).toBe(1);
  });

  it("an agent (attacker) learns nothing of another team's lead: only “başka bir kayıtta var”", async () => {
    const foreign = await lead({
      name: 'Gizli Başka Takım',
      phone: '5394440002',
      email: 'gizli@baska.com',
      team: 'sales2',
    });
    const token = server.users.sales.token;
    const response = await add({ name: 'Saldırgan Kayıt', phone: '5394440002' }, token);
    const body = refusal(response);
    expect(body.duplicates.matches).toEqual([]);
    expect(body.duplicates.outside).toBe(1);
    expect(body.duplicates.outside_reasons).toEqual(['phone']);
    expect(response.body).not.toContain('Gizli Başka Takım');
    expect(response.body).not.toContain(`"id":${foreign}`);
    // The check call answers the same, and an edit of the foreign lead itself is as absent as a missing one.
    const checked = okAnswer<CallResult<'leadDuplicates'>>(
      await postJson(
        server.app,
        '/api/lead/duplicates',
        { table: 'leads', inputs: { email: 'GIZLI@baska.com' } },
        token,
      ),
    );
    expect(checked).toMatchObject({ matches: [], outside: 1, outside_reasons: ['email'] });
    const probe = await postJson(
      server.app,
      '/api/lead/duplicates',
      { table: 'leads', id: foreign, inputs: { phone: '5394440001' } },
      token,
    );
    expect(probe.statusCode).toBe(404);
  });
});

describe('editing a lead', () => {
  it('changing the phone to one another lead has is refused until confirmed; an unchanged one is not asked again', async () => {
    const first = await lead({ name: 'Düzen Bir', phone: '5394440011', team: 'sales' });
    const second = await lead({ name: 'Düzen İki', phone: '5394440012', team: 'sales' });
    const save = (inputs: Record<string, unknown>, confirm?: 1) =>
      postForm(
        server.app,
        '/api/detail/save/',
        { table: 'leads', id: second, inputs, ...(confirm ? { confirm_duplicates: confirm } : {}) },
        managerToken,
      );
    const body = refusal(await save({ phone: '5394440011' }));
    expect(body.duplicates.matches).toEqual([{ id: first, name: 'Düzen Bir', reasons: ['phone'] }]);
    okAnswer(await save({ phone: '5394440011' }, 1));
    // The lead now shares the phone; saving its city again does not ask about it.
    okAnswer(await save({ phone: '5394440011', city: 'Eskişehir' }));
    // What an edit does not change is not asked about (the shared phone stays as the user confirmed it).
    const self = okAnswer<CallResult<'leadDuplicates'>>(
      await postJson(
        server.app,
        '/api/lead/duplicates',
        { table: 'leads', id: first, inputs: { phone: '5394440011' } },
        managerToken,
      ),
    );
    expect(self).toMatchObject({ matches: [], outside: 0 });
  });
});
