import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import type { CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import {
  DEMO_PASSWORD,
  failureMessage,
  okAnswer,
  startDemoServer,
  type DemoServer,
} from './support/demo-server';
import { get, login, postForm, postJson } from './support/http';

/**
 * The importer's bounds as a hostile client meets them: chunk numbers and totals, phones, which tables
 * take imports at all (see docs/security.md#importer).
 */

let server: DemoServer;
let db: Kysely<Database>;
let managerToken: string;

type InsertAnswer = CallResult<'bulkInsert'>;

const insert = (body: Record<string, unknown>, token = server.users.admin.token) =>
  postJson(server.app, '/api/bulk/insert/', body, token);

let serial = 0;
function newExcelId(): string {
  serial += 1;
  return `sinir_${String(serial).padStart(11, '0')}`;
}

function chunkBody(
  excelId: string,
  chunk: number,
  chunks: number,
  total: number,
  data: string[][],
  columns = ['name', 'phone', 'utm_source'],
) {
  return { table: 'leads', excelId, fileName: 'sinir.xlsx', chunk, chunks, total, inputs: { columns, data } };
}

async function countByUtm(utm: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from leads where utm_source = ${utm}`.execute(db);
  return Number(rows[0]?.n);
}

async function report(excelId: string) {
  const status = okAnswer<CallResult<'importStatus'>>(
    await postJson(server.app, '/api/import/status', { excelId }, server.users.admin.token),
  );
  return status.report;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  managerToken = await login(server.app, 'sales_manager@demo.crm', DEMO_PASSWORD);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('importer: chunk numbers and totals', () => {
  it('refuses chunk 7 of a one-chunk import with total 0, and reports nothing finished', async () => {
    const excelId = newExcelId();
    const answer = await insert(chunkBody(excelId, 7, 1, 0, [['Yedinci Parça', '5321110007', 'utm-c7']]));
    expect(failureMessage(answer, 400)).toBe(messages.importChunkOutOfRange);
    expect(await countByUtm('utm-c7')).toBe(0);
    expect(await report(excelId)).toBeNull();
  });

  it('refuses a chunk with more rows than the declared total', async () => {
    const excelId = newExcelId();
    const rows = [
      ['Fazla Bir', '5321110101', 'utm-over'],
      ['Fazla İki', '5321110102', 'utm-over'],
    ];
    expect(failureMessage(await insert(chunkBody(excelId, 0, 1, 1, rows)), 400)).toBe(
      messages.importTotalMismatch,
    );
    expect(await countByUtm('utm-over')).toBe(0);
  });

  it('refuses a later chunk that declares another chunk count or total than the first', async () => {
    const excelId = newExcelId();
    const row = (n: number) => [[`Sayı ${n}`, `532111020${n}`, 'utm-count']];
    okAnswer<InsertAnswer>(await insert(chunkBody(excelId, 0, 3, 3, row(0))));
    expect(failureMessage(await insert(chunkBody(excelId, 1, 2, 3, row(1))), 400)).toBe(
      messages.importTotalMismatch,
    );
    expect(failureMessage(await insert(chunkBody(excelId, 1, 3, 9, row(1))), 400)).toBe(
      messages.importTotalMismatch,
    );
    expect(await countByUtm('utm-count')).toBe(1);
    expect(await report(excelId)).toMatchObject({ chunks: 3, total: 3, chunks_done: 1, finished: false });
  });

  it('finishes only when every chunk is in and the rows add up to the total', async () => {
    const excelId = newExcelId();
    const row = (n: number) => [[`Son ${n}`, `532111030${n}`, 'utm-last']];
    okAnswer<InsertAnswer>(await insert(chunkBody(excelId, 1, 2, 3, row(1))));
    expect(await report(excelId)).toMatchObject({ finished: false });
    // The last chunk would leave the import one row short of its total: refused, nothing of it stays.
    expect(failureMessage(await insert(chunkBody(excelId, 0, 2, 3, row(0))), 400)).toBe(
      messages.importTotalMismatch,
    );
    expect(await report(excelId)).toMatchObject({ chunks_done: 1, finished: false });
    okAnswer<InsertAnswer>(
      await insert(chunkBody(excelId, 0, 2, 3, [...row(0), [`Son 2`, '5321110302', 'utm-last']])),
    );
    expect(await report(excelId)).toMatchObject({ chunks_done: 2, inserted: 3, finished: true });
  });
});

describe('importer and every save: phones', () => {
  const longPhone = '5'.repeat(400);

  it('refuses a 400-digit phone in an import, naming its row', async () => {
    const excelId = newExcelId();
    const answer = await insert(
      chunkBody(excelId, 0, 1, 2, [
        ['Doğru Telefon', '0532 111 04 01', 'utm-phone'],
        ['Uzun Telefon', longPhone, 'utm-phone'],
      ]),
    );
    expect(failureMessage(answer, 400)).toBe(
      format(messages.importRowInvalid, {
        row: 3,
        message: format(messages.invalidField, { field: 'Telefon' }),
      }),
    );
    expect(await countByUtm('utm-phone')).toBe(0);
  });

  it('normalises phones on inline insert, detail save and bulk save, and refuses ones that are no phone', async () => {
    const token = server.users.admin.token;
    const created = okAnswer<{ id: number }>(
      await postForm(
        server.app,
        '/api/inline/save/',
        { table: 'leads', type: 'insert', inputs: { name: 'Telefon Deneme', phone: '+90 (532) 111 05 01' } },
        token,
      ),
    );
    const phoneOf = async (field: 'phone' | 'phone_2' | 'mobile') =>
      (await db.selectFrom('leads').select(field).where('id', '=', created.id).executeTakeFirstOrThrow())[
        field
      ];
    expect(await phoneOf('phone')).toBe('5321110501');

    const invalid = format(messages.invalidField, { field: 'Telefon' });
    const refusedInsert = await postForm(
      server.app,
      '/api/inline/save/',
      { table: 'leads', type: 'insert', inputs: { name: 'Uzun Numara', phone: longPhone } },
      token,
    );
    expect(failureMessage(refusedInsert, 400)).toBe(invalid);

    const detail = await postForm(
      server.app,
      '/api/detail/save/',
      { table: 'leads', id: created.id, inputs: { phone: longPhone } },
      token,
    );
    expect(failureMessage(detail, 400)).toBe(invalid);
    okAnswer(
      await postForm(
        server.app,
        '/api/detail/save/',
        { table: 'leads', id: created.id, inputs: { phone_2: '0 212 555 05 02' } },
        token,
      ),
    );
    expect(await phoneOf('phone_2')).toBe('2125550502');

    const inline = await postForm(
      server.app,
      '/api/inline/save/',
      { table: 'leads', keyName: 'id', keyValue: String(created.id), fieldName: 'mobile', fieldValue: '123' },
      token,
    );
    expect(failureMessage(inline, 400)).toBe(format(messages.invalidField, { field: 'Cep Telefonu' }));

    const bulk = await postForm(
      server.app,
      '/api/bulk/save/',
      { table: 'leads', ids: [created.id], fieldName: 'mobile', fieldValue: longPhone, type: 1 },
      token,
    );
    expect(failureMessage(bulk, 400)).toBe(format(messages.invalidField, { field: 'Cep Telefonu' }));
    okAnswer(
      await postForm(
        server.app,
        '/api/bulk/save/',
        { table: 'leads', ids: [created.id], fieldName: 'mobile', fieldValue: '+90 533 111 05 03', type: 1 },
        token,
      ),
    );
    expect(await phoneOf('mobile')).toBe('5331110503');
    expect(await phoneOf('phone')).toBe('5321110501');
  });
});

describe('importer: data tables only', () => {
  it('refuses an import into user_groups even from a group whose flags allow it', async () => {
    const before = await db.selectFrom('user_groups').select('id').execute();
    const answer = await insert(
      {
        table: 'user_groups',
        excelId: newExcelId(),
        fileName: 'gruplar.xlsx',
        chunk: 0,
        chunks: 1,
        total: 1,
        inputs: { columns: ['name'], data: [['Kendi Grubum']] },
      },
      managerToken,
    );
    expect(failureMessage(answer, 403)).toBe(messages.forbidden);
    expect(await db.selectFrom('user_groups').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses imports into users, permissions and the menu, for admins too', async () => {
    for (const [table, columns, row] of [
      ['users', ['name', 'email'], ['Yeni Kullanıcı', 'yeni.import@demo.crm']],
      ['permissions', ['show'], ['1']],
      ['crm_tables', ['name'], ['Yeni Menü']],
      ['teams', ['name'], ['Yeni Takım']],
    ] as const) {
      const answer = await insert({
        table,
        excelId: newExcelId(),
        fileName: 'yonetim.xlsx',
        chunk: 0,
        chunks: 1,
        total: 1,
        inputs: { columns, data: [row] },
      });
      expect(failureMessage(answer, 403), table).toBe(messages.forbidden);
    }
    const templates = await postJson(server.app, '/api/import/templates', { table: 'users' }, managerToken);
    expect(failureMessage(templates, 403)).toBe(messages.forbidden);
  });

  it('does not offer "Excel Yükle" on admin tables in the menu answer', async () => {
    const menu = okAnswer<CallResult<'permissions'>>(await get(server.app, '/api/permissions', managerToken));
    const flag = (table: string) => menu.tables.find((entry) => entry.table === table)?.excel_import;
    expect(flag('leads')).toBe(1);
    expect(flag('user_groups')).toBe(0);
    expect(flag('users')).toBe(0);
  });
});
