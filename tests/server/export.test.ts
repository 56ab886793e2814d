import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { buildServer } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { createExportFileStore } from '../../src/server/modules/export/export-files';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { createExportService } from '../../src/server/modules/export/service';
import type { ExcelFile } from '../../src/shared/contract';
import { EXPORT_FILE_TTL_MS } from '../../src/shared/domain/export';
import { format, messages } from '../../src/shared/i18n/messages';
import { get, login, postForm, postJson } from './support/http';
import { createTestDatabase } from './support/test-database';
import { forgetCaches } from './support/caches';
import { textOrder } from './support/text-order';

const PASSWORD = 'Demo.2026';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportAnswer {
  success: boolean;
  excelFiles: ExcelFile[];
  msg?: string;
}
interface UserRow {
  id: number;
  team_id: number;
  user_group_id: number;
}

let database: DatabaseHandle;
let db: Kysely<Database>;
let app: FastifyInstance;
let dataDir: string;
const tokens = { admin: '', sales: '', finance: '', retention: '', sales_manager: '' };
const users = {} as Record<keyof typeof tokens, UserRow>;

async function userByEmail(email: string): Promise<UserRow> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'team_id', 'user_group_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, team_id: Number(row.team_id), user_group_id: row.user_group_id };
}

async function setExportFlag(group: number, table: string, flag: 0 | 1): Promise<void> {
  await db
    .updateTable('permissions')
    .set({ excel_export: flag })
    .where('user_group_id', '=', group)
    .where('table_name', '=', table)
    .execute();
  await forgetCaches(app);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, { leads: 300 });
  dataDir = await mkdtemp(join(tmpdir(), 'crm-export-test-'));
  app = await buildServer({ database, webRoot: '/nonexistent-web-root', dataDir });
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[name] = await login(app, `${name}@demo.crm`, PASSWORD);
    users[name] = await userByEmail(`${name}@demo.crm`);
  }
  // The demo grants excel_export to admins and managers only; the agent and finance cases need it too.
  await setExportFlag(users.sales.user_group_id, 'leads', 1);
  await setExportFlag(users.finance.user_group_id, 'leads', 1);
  // A lead whose name looks like a formula and carries markup: it must come back as plain text.
  await db
    .insertInto('leads')
    .values({ name: '=HYPERLINK("http://x") & <b>Işık</b>', team_id: users.sales.team_id, status_id: null })
    .execute();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const exportCall = (body: Record<string, unknown>, token: string, table = 'leads') =>
  postJson(app, `/api/export/${table}`, body, token);

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

function download(url: string, token?: string): Promise<LightMyRequestResponse> {
  return get(app, `/api${url}`, token);
}

/** Exports, downloads and parses: header row plus data rows as SheetJS reads them. */
async function exportRows(
  body: Record<string, unknown>,
  token: string,
  table = 'leads',
): Promise<unknown[][]> {
  const answer = ok<ExportAnswer>(await exportCall(body, token, table));
  expect(answer.success, answer.msg).toBe(true);
  expect(answer.excelFiles).toHaveLength(1);
  const file = answer.excelFiles[0] as ExcelFile;
  const response = await download(file.url, token);
  expect(response.statusCode).toBe(200);
  return readSheet(response.rawPayload);
}

/** Date cells come back as Dates holding their wall-clock time in UTC fields (SheetJS cellDates). */
function readSheet(buffer: Buffer): unknown[][] {
  const book = XLSX.read(buffer, { cellDates: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('no sheet');
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });
  // A serial day number is a binary fraction; SheetJS truncates it to the millisecond, spreadsheets round.
  const second = (date: Date): Date => new Date(Math.round(date.getTime() / 1000) * 1000);
  return rows.map((row) => row.map((cell) => (cell instanceof Date ? second(cell) : cell)));
}

/** The Date SheetJS reads for a database 'YYYY-MM-DD[ HH:mm:ss]' written as a spreadsheet date. */
const wallClock = (text: string): Date =>
  new Date(`${text.replace(' ', 'T')}${text.length > 10 ? '' : 'T00:00:00'}Z`);

const labelMap = async (table: 'users' | 'teams'): Promise<Map<number, string>> =>
  new Map((await db.selectFrom(table).select(['id', 'name']).execute()).map((row) => [row.id, row.name]));

describe('POST /api/export/{table}', () => {
  it('exports exactly the filtered rows with Turkish headers and option labels (admin)', async () => {
    const busiest = await sql<{ status_id: number }>`select status_id from leads where status_id is not null
      group by status_id order by count(*) desc limit 1`.execute(db);
    const statusId = Number(busiest.rows[0]?.status_id);
    const status = await db
      .selectFrom('lead_statuses')
      .select('label')
      .where('id', '=', statusId)
      .executeTakeFirstOrThrow();
    const expected = await db
      .selectFrom('leads')
      .select(['id', 'name', 'agent_id', 'created_at', 'phone'])
      .where('status_id', '=', statusId)
      .orderBy('id', 'desc')
      .execute();
    expect(expected.length).toBeGreaterThan(5);

    const answer = ok<ExportAnswer>(
      await exportCall(
        {
          table: 'leads',
          filters: [{ name: 'status_id', type: 1, value: statusId }],
          fields: ['name', 'status_id', 'agent_id', 'created_at', 'phone'],
        },
        tokens.admin,
      ),
    );
    expect(answer.success).toBe(true);
    const file = answer.excelFiles[0] as ExcelFile;
    expect(file.name).toMatch(/^leads-\d{8}-\d{4}\.xlsx$/);
    expect(file.url).toMatch(/^\/export\/file\/[0-9a-f]{32}$/);

    const response = await download(file.url, tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${file.name}"`);
    expect(response.headers['cache-control']).toBe('no-store');

    const rows = readSheet(response.rawPayload);
    // id is always the first column, as in the list.
    expect(rows[0]).toEqual(['ID', 'Ad Soyad', 'Durum', 'Temsilci', 'Kayıt Tarihi', 'Telefon']);
    const agents = await labelMap('users');
    expect(rows.slice(1)).toEqual(
      expected.map((lead) => [
        lead.id,
        lead.name,
        status.label,
        lead.agent_id === null ? null : (agents.get(lead.agent_id) ?? null),
        wallClock(lead.created_at),
        lead.phone,
      ]),
    );
  });

  it('takes the spec form encoding, a multiple-choice filter and a sort on another field', async () => {
    const statuses = (await db.selectFrom('lead_statuses').select('id').orderBy('id').limit(3).execute()).map(
      (row) => row.id,
    );
    const byName = await textOrder(db, 'name', 'name_folded');
    const expected = await sql<{ id: number; name: string }>`select id, name from leads
      where status_id in (${sql.join(statuses)}) order by ${byName} asc, id asc`.execute(db);
    const response = await postForm(
      app,
      '/api/export/leads',
      {
        table: 'leads',
        filters: [{ name: 'status_id', type: 11, value: statuses.map(String) }],
        sort: { name: 'name', type: 'asc' },
        fields: ['id', 'name'],
      },
      tokens.admin,
    );
    const answer = ok<ExportAnswer>(response);
    const file = answer.excelFiles[0] as ExcelFile;
    const rows = readSheet((await download(file.url, tokens.admin)).rawPayload);
    expect(rows.slice(1)).toEqual(expected.rows.map((row) => [row.id, row.name]));
  });

  it('gives a restricted agent only the rows of their own team, whatever the filters say', async () => {
    const teams = await labelMap('teams');
    const ownTeam = teams.get(users.sales.team_id);
    const own = await db
      .selectFrom('leads')
      .select('id')
      .where('team_id', '=', users.sales.team_id)
      .orderBy('id', 'desc')
      .execute();
    const others = await db
      .selectFrom('leads')
      .select('id')
      .where('team_id', '!=', users.sales.team_id)
      .execute();
    expect(others.length).toBeGreaterThan(0);

    const rows = await exportRows({ fields: ['id', 'team_id', 'name'] }, tokens.sales);
    expect(rows[0]).toEqual(['ID', 'Takım', 'Ad Soyad']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(own.map((lead) => lead.id));
    expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set([ownTeam]));

    // Asking for another team's rows finds nothing rather than escaping the restriction.
    const otherTeam = [...teams.keys()].find((id) => id !== users.sales.team_id);
    const answer = ok<ExportAnswer>(
      await exportCall({ filters: [{ name: 'team_id', type: 1, value: otherTeam }] }, tokens.sales),
    );
    expect(answer).toEqual({ success: false, excelFiles: [], msg: messages.exportFailed });
  });

  it('writes markup and formula-like text as plain text', async () => {
    const rows = await exportRows(
      { filters: [{ name: 'name', type: 8, value: '=HYPERLINK' }], fields: ['name'] },
      tokens.sales,
    );
    expect(rows.slice(1)).toEqual([[expect.any(Number), '=HYPERLINK("http://x") & <b>Işık</b>']]);
  });

  it('never exports a field the user may not list (finance: tc)', async () => {
    const all = await exportRows({ filters: [{ name: 'id', type: 5, value: 50 }] }, tokens.finance);
    expect(all[0]).toContain('Ad Soyad');
    expect(all[0]).not.toContain('TC Kimlik No');
    const asked = await exportRows(
      { fields: ['id', 'tc', 'name'], filters: [{ name: 'id', type: 5, value: 50 }] },
      tokens.finance,
    );
    expect(asked[0]).toEqual(['ID', 'Ad Soyad']);
    // Filtering or sorting on it would reveal it as well.
    failure(await exportCall({ filters: [{ name: 'tc', type: 2, value: '1' }] }, tokens.finance), 400);
    failure(await exportCall({ sort: { name: 'tc', type: 'asc' } }, tokens.finance), 400);
  });

  it('writes a clickShow field (T.C.) masked, as every screen shows it', async () => {
    const lead = await db
      .insertInto('leads')
      .values({ name: 'Maske Deneme', team_id: users.sales.team_id, status_id: null, tc: '45678901234' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await exportRows(
      { fields: ['id', 'name', 'tc'], filters: [{ name: 'id', type: 1, value: lead.id }] },
      tokens.admin,
    );
    const header = rows[0] as unknown[];
    const tcColumn = header.findIndex((cell) => String(cell).includes('TC'));
    expect(tcColumn).toBeGreaterThan(0);
    expect(rows[1]?.[tcColumn]).toBe('45•••••••34');
    expect(JSON.stringify(rows)).not.toContain('45678901234');
  });

  it('exports a table through its base filter (customers: is_customer = 1)', async () => {
    const customers = await db
      .selectFrom('leads')
      .select('id')
      .where('is_customer', '=', 1)
      .orderBy('id', 'desc')
      .execute();
    const rows = await exportRows({ fields: ['id', 'is_customer'] }, tokens.admin, 'customers');
    expect(rows.slice(1)).toEqual(customers.map((row) => [row.id, messages.flagYes]));
  });

  it('writes dates as real spreadsheet dates in Turkish format and flags as Evet/Hayır', async () => {
    const lead = await db
      .insertInto('leads')
      .values({
        name: 'Tarih Testi',
        team_id: users.sales.team_id,
        birthday: '1990-12-31',
        created_at: '2025-03-01 14:05:09',
        first_deposit_at: null,
        is_customer: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = ok<ExportAnswer>(
      await exportCall(
        {
          filters: [{ name: 'id', type: 1, value: lead.id }],
          fields: ['id', 'created_at', 'birthday', 'first_deposit_at', 'is_customer'],
        },
        tokens.admin,
      ),
    );
    const file = answer.excelFiles[0] as ExcelFile;
    const buffer = (await download(file.url, tokens.admin)).rawPayload;

    // As a spreadsheet sees the cells: numbers (so they sort and filter as dates) with a date format.
    const sheet = XLSX.read(buffer, { cellNF: true }).Sheets[XLSX.read(buffer).SheetNames[0] ?? ''];
    const created = sheet?.B2;
    const birthday = sheet?.C2;
    expect(created).toMatchObject({ t: 'n' });
    expect(birthday).toMatchObject({ t: 'n' });
    expect(XLSX.SSF.is_date(String(created?.z))).toBe(true);
    expect(XLSX.SSF.is_date(String(birthday?.z))).toBe(true);
    // Excel's serial days: 1 March 2025 is day 45717, 14:05:09 the fraction of it.
    expect(created?.v).toBeCloseTo(45717 + (14 * 3600 + 5 * 60 + 9) / 86_400, 8);
    expect(birthday?.v).toBe(33238);
    expect(created?.z).toBe('dd\\.mm\\.yyyy hh:mm:ss');
    expect(XLSX.SSF.format(String(created?.z), Number(created?.v))).toBe('01.03.2025 14:05:09');
    expect(XLSX.SSF.format(String(birthday?.z), Number(birthday?.v))).toBe('31.12.1990');
    expect(sheet?.D2).toBeUndefined();
    expect(sheet?.E2).toMatchObject({ t: 's', v: messages.flagNo });

    expect(readSheet(buffer)).toEqual([
      ['ID', 'Kayıt Tarihi', 'Doğum Tarihi', 'İlk Yatırım Tarihi', 'Müşteri'],
      [lead.id, wallClock('2025-03-01 14:05:09'), wallClock('1990-12-31'), null, 'Hayır'],
    ]);
  });

  it('refuses without the excel_export flag unless the department is admin', async () => {
    expect(failure(await exportCall({}, tokens.retention), 403)).toBe(messages.forbidden);

    await setExportFlag(users.sales_manager.user_group_id, 'leads', 0);
    await setExportFlag(users.admin.user_group_id, 'leads', 0);
    try {
      expect(failure(await exportCall({}, tokens.sales_manager), 403)).toBe(messages.forbidden);
      // docs/requirements.md#departments-and-permissions: department admin enables the export on its own.
      const answer = ok<ExportAnswer>(
        await exportCall({ fields: ['id'], filters: [{ name: 'id', type: 5, value: 3 }] }, tokens.admin),
      );
      expect(answer.success).toBe(true);
    } finally {
      await setExportFlag(users.sales_manager.user_group_id, 'leads', 1);
      await setExportFlag(users.admin.user_group_id, 'leads', 1);
    }
  });

  it('answers success false with the spec text when there is nothing to export', async () => {
    const answer = ok<ExportAnswer>(
      await exportCall(
        { filters: [{ name: 'name', type: 2, value: 'böyle-bir-isim-yok-xyz' }] },
        tokens.admin,
      ),
    );
    expect(answer).toEqual({ success: false, excelFiles: [], msg: 'Dosya oluşturulamadı veya dosya yok.' });
  });

  it('refuses hostile input with 400 and unknown tables with 404', async () => {
    const hostile: Record<string, unknown>[] = [
      { filters: [{ name: 'password_hash', type: 1, value: 'x' }] },
      { filters: [{ name: 'id', type: 1, value: '1 or 1=1' }] },
      { filters: [{ name: 'id', type: 99, value: '1' }] },
      { filters: [{ name: 'name; drop table leads', type: 1, value: '1' }] },
      { filters: [{ name: 'created_at', type: 10, value: { start: "2025-01-01'; --", end: '' } }] },
      { filters: Array.from({ length: 51 }, () => ({ name: 'id', type: 1, value: '1' })) },
      { sort: { name: 'id', type: 'sideways' } },
      { sort: { name: 'nope', type: 'asc' } },
      { fields: ['id', 'Name"'] },
    ];
    for (const body of hostile) {
      const response = await exportCall(body, tokens.admin);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await exportCall({}, tokens.admin, 'leads;drop')).statusCode).toBe(400);
    expect(failure(await exportCall({}, tokens.admin, 'password_resets'), 404)).toBe(messages.tableNotFound);
    // The leads table itself is untouched.
    const count = await sql<{ n: number }>`select count(*)::int as n from leads`.execute(db);
    expect(Number(count.rows[0]?.n)).toBeGreaterThan(300);
  });

  it('needs a session', async () => {
    failure(await postJson(app, '/api/export/leads', {}), 401);
  });
});

describe('GET /api/export/file/{id}', () => {
  let file: ExcelFile;
  beforeAll(async () => {
    const answer = ok<ExportAnswer>(await exportCall({ fields: ['id', 'name'] }, tokens.admin));
    file = answer.excelFiles[0] as ExcelFile;
  });

  it('serves a file only to the user who created it', async () => {
    expect((await download(file.url, tokens.admin)).statusCode).toBe(200);
    expect(failure(await download(file.url, tokens.sales), 404)).toBe(messages.exportFileNotFound);
    failure(await download(file.url), 401);
  });

  it('answers 404 for names that are not export ids', async () => {
    for (const name of ['abc', '..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(32)}.json`, 'A'.repeat(32)]) {
      expect((await download(`/export/file/${name}`, tokens.admin)).statusCode, name).toBe(404);
    }
  });

  it('keeps files under <dataDir>/exports and lets them expire after an hour', async () => {
    const id = file.url.split('/').pop() ?? '';
    const dir = join(dataDir, 'exports');
    expect(await readdir(dir)).toEqual(expect.arrayContaining([`${id}.xlsx`, `${id}.json`]));
    const metaPath = join(dir, `${id}.json`);
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { createdAt: number; userId: number };
    expect(meta.userId).toBe(users.admin.id);
    await writeFile(metaPath, JSON.stringify({ ...meta, createdAt: Date.now() - EXPORT_FILE_TTL_MS - 1 }));
    expect(failure(await download(file.url, tokens.admin), 404)).toBe(messages.exportFileNotFound);
    expect(await readdir(dir)).not.toContain(`${id}.xlsx`);
  });
});

describe('export service', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-export-service-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const engineUser = (row: UserRow, department: string) => ({ ...row, department });

  async function serviceRows(
    batchSize: number,
    body: Parameters<ReturnType<typeof createExportService>['exportTable']>[2],
  ): Promise<unknown[][]> {
    const files = createExportFileStore({ dir });
    const service = createExportService(db, { files, batchSize });
    const user = engineUser(users.admin, 'admin');
    const answer = await service.exportTable(user, 'leads', body);
    expect(answer.success).toBe(true);
    const id = answer.excelFiles[0]?.url.split('/').pop() ?? '';
    const stored = await service.openFile(user, id);
    return readSheet(await readFile(stored.path));
  }

  it('reads across many small batches in both orders, by id keyset and by id list', async () => {
    const byIdAsc = await sql<{ id: number }>`select id from leads where id <= 100 order by id asc`.execute(
      db,
    );
    const asc = await serviceRows(7, {
      filters: [{ name: 'id', type: 7, value: '100' }],
      sort: { name: 'id', type: 'asc' },
      fields: ['id'],
    });
    expect(asc.slice(1).map((row) => row[0])).toEqual(byIdAsc.rows.map((row) => row.id));

    const byCity = await sql<{ id: number }>`select id from leads where id <= 100
      order by ${await textOrder(db, 'city')} desc, id desc`.execute(db);
    const city = await serviceRows(7, {
      filters: [{ name: 'id', type: 7, value: '100' }],
      sort: { name: 'city', type: 'desc' },
      fields: ['id', 'city'],
    });
    expect(city.slice(1).map((row) => row[0])).toEqual(byCity.rows.map((row) => row.id));
  });

  it('refuses more rows than the limit with a clear message and writes nothing', async () => {
    const files = createExportFileStore({ dir: join(dir, 'limit') });
    const service = createExportService(db, { files, maxRows: 10 });
    for (const sort of [undefined, { name: 'name', type: 'asc' as const }]) {
      const answer = await service.exportTable(engineUser(users.admin, 'admin'), 'leads', {
        filters: [],
        sort,
      });
      expect(answer).toEqual({
        success: false,
        excelFiles: [],
        msg: format(messages.exportTooManyRows, { max: '10' }),
      });
    }
    expect(await readdir(join(dir, 'limit')).catch(() => [])).toEqual([]);
  });

  it('runs exports side by side', async () => {
    const files = createExportFileStore({ dir });
    const service = createExportService(db, { files, concurrency: 1 });
    const user = engineUser(users.admin, 'admin');
    const answers = await Promise.all(
      [1, 2, 3].map(() => service.exportTable(user, 'leads', { filters: [], fields: ['id'] })),
    );
    expect(answers.every((answer) => answer.success)).toBe(true);
    expect(new Set(answers.map((answer) => answer.excelFiles[0]?.url)).size).toBe(3);
  });
});

describe('export file store', () => {
  it('sweeps expired files and leftovers of interrupted exports, keeps fresh ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crm-export-sweep-'));
    try {
      let clock = Date.now();
      const store = createExportFileStore({ dir, now: () => clock });
      const fresh = await store.reserve();
      await writeFile(fresh.partPath, 'x');
      await store.commit(fresh.id, {
        userId: 1,
        table: 'leads',
        fileName: 'a.xlsx',
        rows: 1,
        createdAt: clock,
      });
      const broken = await store.reserve();
      await writeFile(broken.partPath, 'half');
      const old = new Date(clock - EXPORT_FILE_TTL_MS - 60_000);
      await utimes(broken.partPath, old, old);
      await writeFile(join(dir, 'unrelated.txt'), 'kept');

      expect(await store.sweep()).toBe(1);
      expect((await readdir(dir)).sort()).toEqual([`${fresh.id}.json`, `${fresh.id}.xlsx`, 'unrelated.txt']);
      expect(await store.find(fresh.id, 1)).not.toBeNull();
      expect(await store.find(fresh.id, 2)).toBeNull();

      clock += EXPORT_FILE_TTL_MS + 1;
      expect(await store.sweep()).toBe(1);
      expect(await readdir(dir)).toEqual(['unrelated.txt']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
