import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import type { CallResult } from '../../src/shared/contract';
import { normalizePhone } from '../../src/shared/domain/phone';
import { messages } from '../../src/shared/i18n/messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { login, postForm } from './support/http';
import { forgetCaches } from './support/caches';

let server: DemoServer;
let db: Kysely<Database>;
let financeToken: string;
/** Leads of the sales user's team, and of the other sales team. */
let own: number[];
let foreign: number[];

const api = (path: string, body: Record<string, unknown>, token: string) =>
  postForm(server.app, `/api${path}`, body, token);

async function leadsOfTeam(teamId: number, count: number): Promise<number[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('team_id', '=', teamId)
    .where('is_customer', '=', 0)
    .orderBy('id')
    .limit(count)
    .execute();
  expect(rows).toHaveLength(count);
  return rows.map((row) => row.id);
}

async function journalRows(
  leadId: number,
): Promise<{ id: number; agent_id: number | null; values: unknown }[]> {
  return db
    .selectFrom('lead_journal')
    .select(['id', 'agent_id', 'values'])
    .where('lead_id', '=', leadId)
    .orderBy('id')
    .execute();
}

async function readJournal(table: string, id: number, token: string): Promise<CallResult<'journal'>> {
  return okAnswer<CallResult<'journal'>>(await api(`/journal/${table}/${id}`, {}, token));
}

async function leadField(id: number, name: 'city' | 'utm_campaign' | 'ilce' | 'team_id'): Promise<unknown> {
  const row = await db.selectFrom('leads').select(name).where('id', '=', id).executeTakeFirstOrThrow();
  return row[name];
}

/** Sets a column of the sales group's leads permission for one test, and puts it back afterwards. */
async function withSalesPermission(
  change: { write_fields?: string[]; read_fields?: string[]; modules?: string[] },
  run: () => Promise<void>,
): Promise<void> {
  const where = { group: server.users.sales.user_group_id, table: 'leads' };
  const before = await db
    .selectFrom('permissions')
    .select(['write_fields', 'read_fields', 'modules'])
    .where('user_group_id', '=', where.group)
    .where('table_name', '=', where.table)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('permissions')
    .set(change)
    .where('user_group_id', '=', where.group)
    .where('table_name', '=', where.table)
    .execute();
  await forgetCaches(server.app);
  try {
    await run();
  } finally {
    await db
      .updateTable('permissions')
      .set(before)
      .where('user_group_id', '=', where.group)
      .where('table_name', '=', where.table)
      .execute();
    await forgetCaches(server.app);
  }
}

/** A trigger that fails the journal insert for one lead: proves change and journal share a transaction. */
async function withFailingJournal(leadId: number, run: () => Promise<void>): Promise<void> {
  await sql
    .raw(
      `create or replace function test_fail_journal() returns trigger language plpgsql as $$
       begin
         if new.lead_id = ${leadId} then raise exception 'journal refused by test'; end if;
         return new;
       end $$`,
    )
    .execute(db);
  await sql`create trigger test_fail_journal before insert on lead_journal
    for each row execute function test_fail_journal()`.execute(db);
  try {
    await run();
  } finally {
    await sql`drop trigger test_fail_journal on lead_journal`.execute(db);
    await sql`drop function test_fail_journal()`.execute(db);
  }
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  // The demo workspace writes a journal on the first leads; these tests count the entries they make.
  await db.deleteFrom('lead_journal').execute();
  financeToken = await login(server.app, 'finance@demo.crm', DEMO_PASSWORD);
  own = await leadsOfTeam(server.users.sales.team_id, 14);
  foreign = await leadsOfTeam(server.users.sales2.team_id, 2);
});

afterAll(async () => {
  await server.close();
});

describe('the journal is written by every change of a lead', () => {
  it('detail save: one entry with only the changed fields, old and new', async () => {
    const lead = own[0] as number;
    const city = await leadField(lead, 'city');
    okAnswer(
      await api(
        '/detail/save/',
        { table: 'leads', id: lead, inputs: { city, utm_campaign: 'bahar-2026' } },
        server.users.sales.token,
      ),
    );
    const rows = await journalRows(lead);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.agent_id).toBe(server.users.sales.id);
    const journal = await readJournal('leads', lead, server.users.sales.token);
    expect(journal.results).toHaveLength(1);
    expect(journal.results[0]).toMatchObject({
      agent_id: server.users.sales.id,
      agent_name: 'Emre Şahin',
      values: { utm_campaign: { old: expect.anything() as unknown, new: 'bahar-2026' } },
    });
    expect(Object.keys(journal.results[0]?.values ?? {})).toEqual(['utm_campaign']);
    expect(journal.results[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a save that changes nothing writes no entry', async () => {
    const lead = own[0] as number;
    okAnswer(
      await api(
        '/detail/save/',
        { table: 'leads', id: lead, inputs: { utm_campaign: 'bahar-2026' } },
        server.users.sales.token,
      ),
    );
    expect(await journalRows(lead)).toHaveLength(1);
  });

  it('inline single-field save: an entry, newest first in /journal', async () => {
    const lead = own[0] as number;
    okAnswer(
      await api(
        '/inline/save/',
        { table: 'leads', keyName: 'id', keyValue: lead, fieldName: 'ilce', fieldValue: 'Beşiktaş' },
        server.users.sales.token,
      ),
    );
    const journal = await readJournal('leads', lead, server.users.sales.token);
    expect(journal.results).toHaveLength(2);
    expect(Object.keys(journal.results[0]?.values ?? {})).toEqual(['ilce']);
    expect(journal.results[0]?.values.ilce?.new).toBe('Beşiktaş');
    expect(journal.results[0]?.id).toBeGreaterThan(journal.results[1]?.id ?? Infinity);
  });

  it('bulk save: one entry per lead with that lead’s own old value; unchanged leads get none', async () => {
    const ids = [own[1], own[2], own[3]] as number[];
    await db
      .updateTable('leads')
      .set({ utm_campaign: 'zaten' })
      .where('id', '=', own[3] as number)
      .execute();
    const olds = await Promise.all(ids.map((id) => leadField(id, 'utm_campaign')));
    okAnswer(
      await api(
        '/bulk/save/',
        { ids, table: 'leads', fieldName: 'utm_campaign', fieldValue: 'zaten' },
        server.users.sales.token,
      ),
    );
    for (const [index, id] of ids.entries()) {
      const rows = await journalRows(id);
      if (olds[index] === 'zaten') {
        expect(rows).toHaveLength(0);
      } else {
        expect(rows).toHaveLength(1);
        expect(rows[0]?.values).toEqual({ utm_campaign: { old: olds[index] ?? null, new: 'zaten' } });
      }
    }
  });

  it('a failing journal insert rolls the change back (detail, inline, bulk, convert)', async () => {
    const lead = own[4] as number;
    const other = own[5] as number;
    const before = await leadField(lead, 'utm_campaign');
    await withFailingJournal(lead, async () => {
      failureMessage(
        await api(
          '/detail/save/',
          { table: 'leads', id: lead, inputs: { utm_campaign: 'geri-alinir' } },
          server.users.sales.token,
        ),
        500,
      );
      failureMessage(
        await api(
          '/inline/save/',
          { table: 'leads', keyName: 'id', keyValue: lead, fieldName: 'utm_campaign', fieldValue: 'x' },
          server.users.sales.token,
        ),
        500,
      );
      failureMessage(
        await api(
          '/bulk/save/',
          { ids: [other, lead], table: 'leads', fieldName: 'utm_campaign', fieldValue: 'toplu' },
          server.users.sales.token,
        ),
        500,
      );
      failureMessage(
        await api(
          `/convertCustomer/${lead}`,
          {
            retention_id: server.users.admin.id,
            tc: '10000000146',
            occupation_id: 1,
            city: 'Bursa',
            ilce: 'Nilüfer',
          },
          server.users.sales.token,
        ),
        500,
      );
    });
    expect(await leadField(lead, 'utm_campaign')).toBe(before);
    expect(await leadField(other, 'utm_campaign')).not.toBe('toplu');
    const row = await db
      .selectFrom('leads')
      .select('is_customer')
      .where('id', '=', lead)
      .executeTakeFirstOrThrow();
    expect(row.is_customer).toBe(0);
    expect(await journalRows(lead)).toHaveLength(0);
    expect(await journalRows(other)).toHaveLength(0);
  });

  it('a save refused after its update (row restriction) leaves no journal row and no change', async () => {
    const lead = own[6] as number;
    const team = await leadField(lead, 'team_id');
    await withSalesPermission({ write_fields: ['team_id', 'city'] }, async () => {
      failureMessage(
        await api(
          '/detail/save/',
          { table: 'leads', id: lead, inputs: { team_id: server.users.sales2.team_id, city: 'Van' } },
          server.users.sales.token,
        ),
        403,
      );
    });
    expect(await leadField(lead, 'team_id')).toBe(team);
    expect(await journalRows(lead)).toHaveLength(0);
  });
});

describe('POST /journal/{table}/{id}', () => {
  it("answers 404 for another team's lead, for non-lead tables and unknown ids", async () => {
    const token = server.users.sales.token;
    expect(failureMessage(await api(`/journal/leads/${foreign[0]}`, {}, token), 404)).toBe(
      messages.recordNotFound,
    );
    failureMessage(await api(`/journal/users/${server.users.sales.id}`, {}, server.users.admin.token), 404);
    failureMessage(await api('/journal/leads/99999999', {}, token), 404);
    failureMessage(await api('/journal/leads/abc', {}, token), 400);
    failureMessage(await api('/journal/leads/1', { limit: 501 }, token), 400);
  });

  it('shows only fields the user may read, dropping entries about hidden fields only', async () => {
    const lead = own[7] as number;
    okAnswer(
      await api(
        '/detail/save/',
        { table: 'leads', id: lead, inputs: { city: 'Muş', utm_campaign: 'gizli-degil' } },
        server.users.admin.token,
      ),
    );
    okAnswer(
      await api(
        '/detail/save/',
        { table: 'leads', id: lead, inputs: { city: 'Bitlis' } },
        server.users.admin.token,
      ),
    );
    const all = await readJournal('leads', lead, server.users.sales.token);
    expect(all.results).toHaveLength(2);
    const readable = ['id', 'name', 'utm_campaign'];
    await withSalesPermission({ read_fields: readable }, async () => {
      const limited = await readJournal('leads', lead, server.users.sales.token);
      expect(limited.results).toHaveLength(1);
      expect(limited.results[0]?.values).toEqual({
        utm_campaign: { old: expect.anything() as unknown, new: 'gizli-degil' },
      });
    });
  });

  it("needs the history module (gecmis) of the user's leads permission", async () => {
    const lead = own[7] as number;
    await withSalesPermission({ modules: ['kisisel-bilgiler', 'notlar'] }, async () => {
      expect(failureMessage(await api(`/journal/leads/${lead}`, {}, server.users.sales.token), 403)).toBe(
        messages.forbidden,
      );
    });
  });

  it('reads a customer’s history through the customers list too', async () => {
    const customer = await db
      .selectFrom('leads')
      .select('id')
      .where('is_customer', '=', 1)
      .executeTakeFirstOrThrow();
    okAnswer(
      await api(
        '/detail/save/',
        { table: 'customers', id: customer.id, inputs: { ilce: 'Çankaya' } },
        server.users.admin.token,
      ),
    );
    const journal = await readJournal('customers', customer.id, server.users.admin.token);
    expect(journal.results[0]?.values.ilce?.new).toBe('Çankaya');
  });
});

describe('POST /getDublicatedLeads', () => {
  let a: number;
  let b: number;
  let c: number;
  let e: number;
  let f: number;
  let other: number;
  const find = async (id: number, token: string) =>
    okAnswer<CallResult<'duplicatedLeads'>>(await api('/getDublicatedLeads', { id }, token));

  beforeAll(async () => {
    [a, b, c, e, f] = own.slice(8, 13) as [number, number, number, number, number];
    other = foreign[1] as number;
    const set = (
      id: number,
      values: Partial<Record<'phone' | 'phone_2' | 'mobile' | 'email' | 'tc', string | null>>,
    ) => db.updateTable('leads').set(values).where('id', '=', id).execute();
    const blank = { phone: null, phone_2: null, mobile: null, email: null, tc: null };
    await set(a, { ...blank, phone: '0532 999 88 77', email: 'dup.test@example.COM', tc: '10000000146' });
    await set(b, { ...blank, phone_2: '+90 (532) 999-8877' });
    await set(c, { ...blank, mobile: '905329998877' });
    await set(e, { ...blank, phone: '0212 000 00 01', email: '  Dup.Test@Example.com'.trim() });
    await set(f, { ...blank, tc: '10000000146' });
    await set(other, { ...blank, phone: '5329998877' });
  });

  it('finds leads sharing a normalised phone, the e-mail (any case) or the tc, inside the scope', async () => {
    const answer = await find(a, server.users.sales.token);
    const byId = new Map(answer.results.map((row) => [row.id, row.matched_by]));
    expect(byId.get(b)).toEqual(['phone']);
    expect(byId.get(c)).toEqual(['phone']);
    expect(byId.get(e)).toEqual(['email']);
    expect(byId.get(f)).toEqual(['tc']);
    expect(byId.has(a)).toBe(false);
    expect(byId.has(other)).toBe(false);
    expect(answer.fields).toContain('name');
    expect(answer.results.find((row) => row.id === b)?.values.phone_2).toBe('+90 (532) 999-8877');
    // The T.C. that matched stays masked, as in every list.
    expect(answer.results.find((row) => row.id === f)?.values.tc).toBe('10•••••••46');
    // The manager's scope holds the other team's lead too.
    const admin = await find(a, server.users.admin.token);
    expect(admin.results.find((row) => row.id === other)?.matched_by).toEqual(['phone']);
    // From the other side: b finds a and c.
    const fromB = await find(b, server.users.sales.token);
    expect(fromB.results.map((row) => row.id).sort()).toEqual([a, c].sort());
  });

  it('answers 404 outside the scope and 403 without the module', async () => {
    expect(
      failureMessage(await api('/getDublicatedLeads', { id: other }, server.users.sales.token), 404),
    ).toBe(messages.recordNotFound);
    // Finance's modules do not include eslesen-kayitlar.
    expect(failureMessage(await api('/getDublicatedLeads', { id: a }, financeToken), 403)).toBe(
      messages.forbidden,
    );
    failureMessage(await api('/getDublicatedLeads', {}, server.users.sales.token), 400);
  });

  it('phones_normalized is normalizePhone, character for character', async () => {
    const samples = [
      '0532 111 22 33',
      '+90 532 111 22 33',
      '90 0532 111 22 33',
      '0090 532 111 22 33',
      '(0532) 111-22-33',
      '5321112233',
      '9090',
      '90',
      '0',
      '00',
      '',
      'abc',
      ' 0 0 5',
      '٥٣٢ 111',
      '+９０ 532',
      '0 90 532',
    ];
    const ids: number[] = [];
    for (const phone of samples) {
      const row = await db
        .insertInto('leads')
        .values({ name: 'Telefon Denemesi', phone, mobile: phone === '' ? null : `${phone}1` })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'phone', 'mobile', 'phones_normalized'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) {
      const expected = [row.phone, null, row.mobile]
        .map((value) => normalizePhone(value ?? ''))
        .filter((digits) => digits !== '');
      expect(row.phones_normalized, JSON.stringify(row.phone)).toEqual(expected);
    }
    await db.deleteFrom('leads').where('id', 'in', ids).execute();
  });
});
