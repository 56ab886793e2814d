import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import type { CallResult } from '../../src/shared/contract';
import { format, messages } from '../../src/shared/i18n/messages';
import { IMPORT_CHUNK_ROWS } from '../../src/shared/domain/import-limits';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { buildServer } from '../../src/server/app';
import { get, login, postForm, postJson } from './support/http';

let server: DemoServer;
let db: Kysely<Database>;

type InsertAnswer = CallResult<'bulkInsert'>;

const insert = (body: Record<string, unknown>, token = server.users.admin.token) =>
  postJson(server.app, '/api/bulk/insert/', body, token);

let serial = 0;
/** A fresh excelId as the screen makes it: file name plus 11 random [a-z0-9]. */
function newExcelId(): string {
  serial += 1;
  return `kampanya_${String(serial).padStart(11, '0')}`;
}

function chunkBody(
  excelId: string,
  chunk: number,
  chunks: number,
  data: string[][],
  extra: Record<string, unknown> = {},
) {
  return {
    table: 'leads',
    excelId,
    fileName: 'kampanya.xlsx',
    chunk,
    chunks,
    total: data.length * chunks,
    inputs: { columns: ['name', 'phone', 'birthday', 'utm_source'], data },
    ...extra,
  };
}

async function countByUtm(utm: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from leads where utm_source = ${utm}`.execute(db);
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('POST /api/bulk/insert/', () => {
  it('inserts a chunk with phones normalised, dates, defaults and one journal entry per lead', async () => {
    const excelId = newExcelId();
    const answer = okAnswer<InsertAnswer>(
      await insert(
        chunkBody(excelId, 0, 1, [
          ['Şükrü Çağlar', '+90 (500) 111 22 33', '1996-03-25', 'utm-a'],
          ['İpek Öztürk', '05001112244', '', 'utm-a'],
        ]),
      ),
    );
    expect(answer).toMatchObject({
      success: true,
      successCount: 2,
      skipped: 0,
      done: 2,
      total: 2,
      repeated: false,
    });
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'name', 'phone', 'agent_id', 'birthday'])
      .where('utm_source', '=', 'utm-a')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.name, row.phone])).toEqual([
      ['Şükrü Çağlar', '5001112233'],
      ['İpek Öztürk', '5001112244'],
    ]);
    expect(rows[0]?.agent_id).toBe(server.users.admin.id);
    const journal = await db
      .selectFrom('lead_journal')
      .select(['lead_id', 'agent_id', 'values'])
      .where(
        'lead_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    expect(journal).toHaveLength(2);
    expect(journal[0]?.agent_id).toBe(server.users.admin.id);
    const report = okAnswer<CallResult<'importReports'>>(
      await get(server.app, '/api/import-reports', server.users.admin.token),
    );
    expect(report.rows.find((row) => row.excel_id === excelId)).toMatchObject({
      total: 2,
      inserted: 2,
      finished: true,
      double: 0,
    });
  });

  it('inserts a chunk sent twice only once, and refuses the same chunk number with other rows', async () => {
    const excelId = newExcelId();
    const body = chunkBody(excelId, 0, 2, [['Tekrar Bir', '5329990001', '', 'utm-retry']]);
    okAnswer<InsertAnswer>(await insert(body));
    const again = okAnswer<InsertAnswer>(await insert(body));
    expect(again).toMatchObject({ success: true, successCount: 1, repeated: true });
    expect(await countByUtm('utm-retry')).toBe(1);
    const other = chunkBody(excelId, 0, 2, [['Başka Biri', '5329990002', '', 'utm-retry']]);
    expect(failureMessage(await insert(other), 409)).toBe(messages.importChunkMismatch);
    expect(await countByUtm('utm-retry')).toBe(1);
  });

  it('leaves whole chunks after an interrupted import, and the import resumes where it stopped', async () => {
    const excelId = newExcelId();
    const chunk = (n: number) => [[`Parça ${n}`, `53288800${String(n).padStart(2, '0')}`, '', 'utm-resume']];
    okAnswer<InsertAnswer>(await insert(chunkBody(excelId, 0, 3, chunk(0))));
    okAnswer<InsertAnswer>(await insert(chunkBody(excelId, 1, 3, chunk(1))));
    // A chunk that fails midway (a bad date in its second row) writes nothing of itself.
    const broken = chunkBody(excelId, 2, 3, [...chunk(2), ['Bozuk', '5328880099', '31-31-31', 'utm-resume']]);
    const refused = failureMessage(await insert(broken), 400);
    expect(refused).toBe(
      format(messages.importRowInvalid, {
        row: 3,
        message: format(messages.invalidField, { field: 'Doğum Tarihi' }),
      }),
    );
    expect(await countByUtm('utm-resume')).toBe(2);

    const status = okAnswer<CallResult<'importStatus'>>(
      await postJson(server.app, '/api/import/status', { excelId }, server.users.admin.token),
    );
    expect(status.chunksDone).toEqual([0, 1]);
    expect(status.report).toMatchObject({ inserted: 2, chunks: 3, chunks_done: 2, finished: false });

    okAnswer<InsertAnswer>(await insert(chunkBody(excelId, 2, 3, chunk(2))));
    const done = okAnswer<CallResult<'importStatus'>>(
      await postJson(server.app, '/api/import/status', { excelId }, server.users.admin.token),
    );
    expect(done.report).toMatchObject({ inserted: 3, finished: true });
    expect(await countByUtm('utm-resume')).toBe(3);
  });

  it('resumes on a restarted server: the chunks the first one committed are kept, the rest follow', async () => {
    const excelId = newExcelId();
    const chunk = (n: number) => [
      [`Yeniden ${n}`, `53277700${String(n).padStart(2, '0')}`, '', 'utm-restart'],
    ];
    okAnswer<InsertAnswer>(await insert(chunkBody(excelId, 0, 2, chunk(0))));
    // Another server process over the same database, as after a crash and a restart.
    const restarted = await buildServer({ database: server.database, webRoot: '/nonexistent-web-root' });
    try {
      const token = await login(restarted, 'admin@demo.crm', 'Demo.2026');
      const status = okAnswer<CallResult<'importStatus'>>(
        await postJson(restarted, '/api/import/status', { excelId }, token),
      );
      expect(status.chunksDone).toEqual([0]);
      // the client resends everything it is not sure of: chunk 0 again (answered, not inserted) and chunk 1
      const again = okAnswer<InsertAnswer>(
        await postJson(restarted, '/api/bulk/insert/', chunkBody(excelId, 0, 2, chunk(0)), token),
      );
      expect(again.repeated).toBe(true);
      okAnswer<InsertAnswer>(
        await postJson(restarted, '/api/bulk/insert/', chunkBody(excelId, 1, 2, chunk(1)), token),
      );
    } finally {
      await restarted.close();
    }
    expect(await countByUtm('utm-restart')).toBe(2);
  });

  it('counts duplicates by phone, skips them when asked, and exports them', async () => {
    const existing = await db
      .insertInto('leads')
      .values({ name: 'Var Olan', phone: '0 532 777 66 55', agent_id: server.users.admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const check = okAnswer<CallResult<'doubleCheck'>>(
      await postJson(
        server.app,
        '/api/doubleCheck/',
        { table: 'leads', phones: ['+90 532 777 66 55', '5320000000', ''] },
        server.users.admin.token,
      ),
    );
    expect(check).toMatchObject({
      success: true,
      total: 3,
      result: { match_count: 1, matches: ['5327776655'] },
    });

    const excelId = newExcelId();
    const answer = okAnswer<InsertAnswer>(
      await insert(
        chunkBody(
          excelId,
          0,
          1,
          [
            ['Yeni Kişi', '5320000000', '', 'utm-dup'],
            ['Tekrar Kişi', '905327776655', '', 'utm-dup'],
          ],
          { skipDuplicates: 1 },
        ),
      ),
    );
    expect(answer).toMatchObject({ successCount: 1, skipped: 1 });
    const status = okAnswer<CallResult<'importStatus'>>(
      await postJson(server.app, '/api/import/status', { excelId }, server.users.admin.token),
    );
    expect(status.report).toMatchObject({ double: 1, double_ids: [existing.id], inserted: 1 });

    const exported = okAnswer<CallResult<'exportDouble'>>(
      await postJson(server.app, '/api/export/double/leads', { excelId }, server.users.admin.token),
    );
    expect(exported.success).toBe(true);
    const file = await get(server.app, `/api${exported.excelFiles[0]?.url ?? ''}`, server.users.admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("finds a duplicate by any of a lead's three numbers, the second and third included", async () => {
    const lead = await db
      .insertInto('leads')
      .values({
        name: 'Üç Numaralı',
        phone: '0212 610 10 10',
        phone_2: '0533 620 20 20',
        mobile: '+90 (544) 630 30 30',
        agent_id: server.users.admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const check = okAnswer<CallResult<'doubleCheck'>>(
      await postJson(
        server.app,
        '/api/doubleCheck/',
        { table: 'leads', phones: ['05446303030', '5336202020', '2126101010', '5550000001'] },
        server.users.admin.token,
      ),
    );
    expect(check.result.match_count).toBe(3);
    expect([...check.result.matches].sort()).toEqual(['2126101010', '5336202020', '5446303030']);

    const excelId = newExcelId();
    okAnswer<InsertAnswer>(
      await insert(chunkBody(excelId, 0, 1, [['Üçüncü Numara', '0544 630 30 30', '', 'utm-third']])),
    );
    const status = okAnswer<CallResult<'importStatus'>>(
      await postJson(server.app, '/api/import/status', { excelId }, server.users.admin.token),
    );
    expect(status.report).toMatchObject({ double: 1, double_ids: [lead.id] });
  });

  it('keeps a cell starting with = as text on export (never a formula)', async () => {
    const excelId = newExcelId();
    okAnswer<InsertAnswer>(
      await insert(chunkBody(excelId, 0, 1, [['=HYPERLINK("http://x")', '5327776655', '', 'utm-formula']])),
    );
    const lead = await db
      .selectFrom('leads')
      .select(['id', 'name'])
      .where('utm_source', '=', 'utm-formula')
      .executeTakeFirstOrThrow();
    expect(lead.name).toBe('=HYPERLINK("http://x")');
    const exported = okAnswer<CallResult<'exportDouble'>>(
      await postJson(
        server.app,
        '/api/export/double/leads',
        { double_ids: [lead.id] },
        server.users.admin.token,
      ),
    );
    const file = await get(server.app, `/api${exported.excelFiles[0]?.url ?? ''}`, server.users.admin.token);
    const { read, utils } = await import('xlsx');
    const book = read(file.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    const cells = Object.values(sheet ?? {}).filter(
      (cell): cell is { v: unknown; f?: string } => typeof cell === 'object' && cell !== null && 'v' in cell,
    );
    expect(cells.some((cell) => cell.v === '=HYPERLINK("http://x")')).toBe(true);
    expect(cells.every((cell) => cell.f === undefined)).toBe(true);
    expect(utils).toBeDefined();
  });

  it('refuses, writing nothing: no excel_import flag, a field the user may not write', async () => {
    const body = chunkBody(newExcelId(), 0, 1, [['Yasak', '5321230000', '', 'utm-refused']]);
    expect(failureMessage(await insert(body, server.users.sales.token), 403)).toBe(messages.forbidden);
    const badField = {
      ...body,
      excelId: newExcelId(),
      inputs: { columns: ['name', 'nope'], data: [['a', 'b']] },
    };
    expect(failureMessage(await insert(badField), 400)).toBe(
      format(messages.invalidField, { field: 'nope' }),
    );
    expect(await countByUtm('utm-refused')).toBe(0);
  });

  it('takes a file without the required columns, but refuses rows the table cannot take, naming them', async () => {
    // No name column: every field is optional for the screen's column check, the leads table is not.
    const body = {
      ...chunkBody(newExcelId(), 0, 1, [
        ['5321239001', 'utm-unnamed'],
        ['5321239002', 'utm-unnamed'],
      ]),
      inputs: {
        columns: ['phone', 'utm_source'],
        data: [
          ['5321239001', 'utm-unnamed'],
          ['5321239002', 'utm-unnamed'],
        ],
      },
    };
    const refused = failureMessage(await insert(body), 400);
    expect(refused).toBe(
      format(messages.importRowsRefused, {
        problems: format(messages.importRequiredEmpty, { field: 'Ad Soyad', rows: '2, 3' }),
      }),
    );
    expect(await countByUtm('utm-unnamed')).toBe(0);
    // Past ten rows the rest are counted, and a later chunk names its rows by their place in the file.
    const many = Array.from({ length: 12 }, (_, i) => [
      `53212391${String(i).padStart(2, '0')}`,
      'utm-unnamed',
    ]);
    const later = failureMessage(
      await insert({
        ...body,
        excelId: newExcelId(),
        firstRow: 102,
        total: many.length,
        inputs: { columns: ['phone', 'utm_source'], data: many },
      }),
      400,
    );
    expect(later).toContain('102, 103, 104, 105, 106, 107, 108, 109, 110, 111 ve 2 satır daha');
  });

  it('refuses oversized chunks at the boundary: too many rows, a 1 MB cell, a foreign import id', async () => {
    const rows = Array.from({ length: IMPORT_CHUNK_ROWS + 1 }, (_, i) => [`Kişi ${i}`, '', '', 'utm-big']);
    expect((await insert(chunkBody(newExcelId(), 0, 1, rows))).statusCode).toBe(400);
    const huge = chunkBody(newExcelId(), 0, 1, [['x'.repeat(40_000), '', '', 'utm-big']]);
    expect((await insert(huge)).statusCode).toBe(400);
    const mega = chunkBody(newExcelId(), 0, 1, [['x'.repeat(1024 * 1024), '', '', 'utm-big']]);
    expect((await insert(mega)).statusCode).toBe(413);
    expect(await countByUtm('utm-big')).toBe(0);
    // sales2 may not import; the admin's import id is not theirs to extend or read.
    const status = okAnswer<CallResult<'importStatus'>>(
      await postJson(
        server.app,
        '/api/import/status',
        { excelId: 'kampanya_00000000001' },
        server.users.sales2.token,
      ),
    );
    expect(status.found).toBe(false);
  });
});

describe('import templates', () => {
  it('saves a mapping by name and lists it for the table', async () => {
    const data = { headers: ['Ad Soyad', 'Telefon'], choices: ['name', 'phone'], dateFormats: {} };
    const saved = okAnswer<CallResult<'importTemplateSave'>>(
      await postJson(
        server.app,
        '/api/import/templates/save',
        { table: 'leads', name: 'Kampanya', data },
        server.users.admin.token,
      ),
    );
    expect(saved.msg).toBe(messages.importTemplateSaved);
    const again = { ...data, choices: ['name', '-'] };
    okAnswer(
      await postJson(
        server.app,
        '/api/import/templates/save',
        { table: 'leads', name: 'Kampanya', data: again },
        server.users.admin.token,
      ),
    );
    const list = okAnswer<CallResult<'importTemplates'>>(
      await postJson(server.app, '/api/import/templates', { table: 'leads' }, server.users.admin.token),
    );
    expect(list.results.filter((row) => row.name === 'Kampanya').map((row) => row.data.choices)).toEqual([
      ['name', '-'],
    ]);
  });
});

describe('assignment rules on imported leads', () => {
  it('assigns every lead of a chunk by the rules, as a lead inserted from the list is', async () => {
    const { sales } = server.users;
    const saved = await postForm(
      server.app,
      '/api/hooks/save/',
      { if: 'utm_source', if_value: 'utm-kural-ithal', then: 'agent_id', then_value: sales.id },
      server.users.admin.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const excelId = newExcelId();
    const answer = okAnswer<InsertAnswer>(
      await insert(
        chunkBody(excelId, 0, 1, [
          ['Kural Bir', '5004440001', '', 'utm-kural-ithal'],
          ['Kural İki', '5004440002', '', 'utm-kural-ithal'],
          ['Kuralsız Üç', '5004440003', '', 'utm-baska'],
        ]),
      ),
    );
    expect(answer.successCount).toBe(3);
    const rows = await db
      .selectFrom('leads')
      .select(['name', 'agent_id', 'team_id'])
      .where('phone', 'in', ['5004440001', '5004440002', '5004440003'])
      .orderBy('phone')
      .execute();
    expect(rows.slice(0, 2).map((row) => row.agent_id)).toEqual([sales.id, sales.id]);
    // Assigning an agent brings the agent's team, so the agent's own list shows the lead.
    expect(rows.slice(0, 2).map((row) => Number(row.team_id))).toEqual([sales.team_id, sales.team_id]);
    expect(rows[2]?.agent_id).not.toBe(sales.id);
  });
});
