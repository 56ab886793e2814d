import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app';
import type { Database } from '../../src/server/db/schema';
import type { CallResult, UploadAnswer } from '../../src/shared/contract';
import { UPLOAD_MAX_FILE_BYTES } from '../../src/shared/contract/files';
import { format, messages } from '../../src/shared/i18n/messages';
import { failureMessage, okAnswer, startDemoServer, type DemoServer } from './support/demo-server';
import { get, postForm, postJson } from './support/http';
import { forgetCaches } from './support/caches';

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF test görüntü'),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR test png'),
]);
/** A Windows program: "MZ" header. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);

type Part =
  { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body written by hand, as a browser's FormData would send it. */
function multipart(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = '----crmTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'image/jpeg'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let server: DemoServer;
let app: FastifyInstance;
let db: Kysely<Database>;
let dataDir: string;
let salesToken: string;
let ownLead: number;
let foreignLead: number;
let category: string;

function upload(leadId: number, parts: readonly Part[], token = salesToken) {
  const { payload, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `/api/upload/${leadId}`,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
}

async function storedOnDisk(leadId: number): Promise<string[]> {
  try {
    return await readdir(join(dataDir, 'files', String(leadId)));
  } catch {
    return [];
  }
}

async function rowsOf(leadId: number): Promise<number> {
  const rows = await db.selectFrom('lead_files').select('id').where('lead_id', '=', leadId).execute();
  return rows.length;
}

async function leadOfTeam(teamId: number): Promise<number> {
  const row = await db
    .insertInto('leads')
    .values({ name: 'Dosya Testi', team_id: teamId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startDemoServer();
  db = server.db;
  dataDir = await mkdtemp(join(tmpdir(), 'crm-files-test-'));
  // A second server on the same database, with a data folder: files go to <dataDir>/files.
  app = await buildServer({ database: server.database, webRoot: '/nonexistent-web-root', dataDir });
  salesToken = server.users.sales.token;
  ownLead = await leadOfTeam(server.users.sales.team_id);
  foreignLead = await leadOfTeam(server.users.sales2.team_id);
  const first = await db
    .selectFrom('option_values')
    .select('value')
    .where('list_id', '=', 108)
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  category = first.value;
});

afterAll(async () => {
  await app.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('upload', () => {
  it('stores several images at once on disk, lists them and serves them inline', async () => {
    const response = await upload(ownLead, [
      { name: 'fileCat', value: category },
      { name: 'images', filename: 'kimlik ön yüz.jpg', content: JPEG },
      { name: 'images', filename: 'dekont.png', content: PNG, type: 'image/png' },
    ]);
    const answer = okAnswer<UploadAnswer>(response);
    expect(answer.success).toBe(true);
    expect(answer.msg).toBe(format(messages.filesUploaded, { count: 2 }));
    expect(answer.results.map((f) => [f.file_name, f.mime, f.size]).sort()).toEqual(
      [
        ['dekont.png', 'image/png', PNG.length],
        ['kimlik ön yüz.jpg', 'image/jpeg', JPEG.length],
      ].sort(),
    );
    const onDisk = await storedOnDisk(ownLead);
    expect(onDisk).toHaveLength(2);
    for (const name of onDisk) expect(name).toMatch(/^[0-9a-f]{32}\.(jpg|png)$/);

    const listed = okAnswer<CallResult<'files'>>(
      await postForm(app, `/api/files/${ownLead}`, {}, salesToken),
    );
    const jpeg = listed.results.find((f) => f.file_name === 'kimlik ön yüz.jpg');
    expect(jpeg).toMatchObject({
      lead_id: ownLead,
      agent_id: server.users.sales.id,
      agent_name: 'Emre Şahin',
      file_category_id: Number(category),
      file_category: 'Kimlik',
      url: `/file/${jpeg?.id}`,
    });

    const download = await get(app, `/api${jpeg?.url}`, salesToken);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toMatch(/^inline; /);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('kimlik ön yüz.jpg')}`,
    );
    expect(download.rawPayload.equals(JPEG)).toBe(true);
  });

  it('accepts images[] and puts files of in-memory servers under the temp folder', async () => {
    const lead = await leadOfTeam(server.users.sales.team_id);
    const { payload, contentType } = multipart([
      { name: 'fileCat', value: category },
      { name: 'images[]', filename: 'a.jpeg', content: JPEG },
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/upload/${lead}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${salesToken}` },
      payload,
    });
    expect(okAnswer<UploadAnswer>(response).results).toHaveLength(1);
    expect(await readdir(join(tmpdir(), 'crm-files', String(lead)))).toHaveLength(1);
    await rm(join(tmpdir(), 'crm-files', String(lead)), { recursive: true, force: true });
  });
});

describe('refusals: clear Turkish 4xx, nothing stored', () => {
  it('refuses a renamed .exe by its bytes, and the whole batch with it', async () => {
    const lead = await leadOfTeam(server.users.sales.team_id);
    const response = await upload(lead, [
      { name: 'fileCat', value: category },
      { name: 'images', filename: 'iyi.jpg', content: JPEG },
      { name: 'images', filename: 'fatura.jpg', content: EXE },
    ]);
    expect(failureMessage(response, 400)).toBe(
      format(messages.fileContentNotAllowed, { name: 'fatura.jpg' }),
    );
    expect(await rowsOf(lead)).toBe(0);
    expect(await storedOnDisk(lead)).toEqual([]);
  });

  it('refuses a name that is not jpeg/png even with image bytes', async () => {
    const response = await upload(ownLead, [
      { name: 'fileCat', value: category },
      { name: 'images', filename: 'program.exe', content: JPEG },
    ]);
    expect(failureMessage(response, 400)).toBe(format(messages.fileNameNotAllowed, { name: 'program.exe' }));
  });

  it('needs a category from option list 108', async () => {
    const lead = await leadOfTeam(server.users.sales.team_id);
    const none = await upload(lead, [{ name: 'images', filename: 'a.jpg', content: JPEG }]);
    expect(failureMessage(none, 400)).toBe(messages.fileCategoryRequired);
    const empty = await upload(lead, [
      { name: 'fileCat', value: '' },
      { name: 'images', filename: 'a.jpg', content: JPEG },
    ]);
    expect(failureMessage(empty, 400)).toBe(messages.fileCategoryRequired);
    const unknown = await upload(lead, [
      { name: 'fileCat', value: '999' },
      { name: 'images', filename: 'a.jpg', content: JPEG },
    ]);
    expect(failureMessage(unknown, 400)).toBe(messages.fileInvalidCategory);
    expect(await rowsOf(lead)).toBe(0);
    expect(await storedOnDisk(lead)).toEqual([]);
  });

  it('refuses an upload without files', async () => {
    expect(failureMessage(await upload(ownLead, [{ name: 'fileCat', value: category }]), 400)).toBe(
      messages.fileNoneSelected,
    );
  });

  it('refuses 11 files in one request', async () => {
    const lead = await leadOfTeam(server.users.sales.team_id);
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: 'images',
      filename: `r${i}.jpg`,
      content: JPEG,
    }));
    const response = await upload(lead, [{ name: 'fileCat', value: category }, ...files]);
    expect(failureMessage(response, 400)).toBe(format(messages.fileTooMany, { max: 10 }));
    expect(await rowsOf(lead)).toBe(0);
    expect(await storedOnDisk(lead)).toEqual([]);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const lead = await leadOfTeam(server.users.sales.team_id);
    const huge = Buffer.concat([JPEG, Buffer.alloc(UPLOAD_MAX_FILE_BYTES)]);
    const response = await upload(lead, [
      { name: 'fileCat', value: category },
      { name: 'images', filename: 'küçük.jpg', content: JPEG },
      { name: 'images', filename: 'büyük.jpg', content: huge },
    ]);
    expect(failureMessage(response, 413)).toBe(format(messages.fileTooLarge, { name: 'büyük.jpg', mb: 10 }));
    expect(await rowsOf(lead)).toBe(0);
    expect(await storedOnDisk(lead)).toEqual([]);
  });

  it('accepts exactly 10 MB', async () => {
    const lead = await leadOfTeam(server.users.sales.team_id);
    const max = Buffer.concat([JPEG, Buffer.alloc(UPLOAD_MAX_FILE_BYTES - JPEG.length)]);
    const response = await upload(lead, [
      { name: 'fileCat', value: category },
      { name: 'images', filename: 'tam.jpg', content: max },
    ]);
    expect(okAnswer<UploadAnswer>(response).results[0]?.size).toBe(UPLOAD_MAX_FILE_BYTES);
  });

  it('refuses an empty file and a body that is not multipart', async () => {
    const empty = await upload(ownLead, [
      { name: 'fileCat', value: category },
      { name: 'images', filename: 'bos.jpg', content: Buffer.alloc(0) },
    ]);
    expect(failureMessage(empty, 400)).toBe(format(messages.fileEmpty, { name: 'bos.jpg' }));
    const json = await postJson(app, `/api/upload/${ownLead}`, { fileCat: category }, salesToken);
    expect(failureMessage(json, 400)).toBe(messages.fileNotMultipart);
  });
});

describe('permissions', () => {
  it('answers 404 for a lead of another team: upload, list and download', async () => {
    const upload404 = await upload(foreignLead, [
      { name: 'fileCat', value: category },
      { name: 'images', filename: 'a.jpg', content: JPEG },
    ]);
    expect(failureMessage(upload404, 404)).toBe(messages.recordNotFound);
    expect(failureMessage(await postForm(app, `/api/files/${foreignLead}`, {}, salesToken), 404)).toBe(
      messages.recordNotFound,
    );

    const stored = okAnswer<UploadAnswer>(
      await upload(
        foreignLead,
        [
          { name: 'fileCat', value: category },
          { name: 'images', filename: 'ankara.png', content: PNG },
        ],
        server.users.sales2.token,
      ),
    ).results[0];
    expect(failureMessage(await get(app, `/api/file/${stored?.id}`, salesToken), 404)).toBe(
      messages.recordNotFound,
    );
    expect((await get(app, `/api/file/${stored?.id}`, server.users.sales2.token)).statusCode).toBe(200);
    expect(failureMessage(await get(app, '/api/file/abc', salesToken), 404)).toBe(messages.recordNotFound);
    expect((await get(app, `/api/file/${stored?.id}`)).statusCode).toBe(401);
  });

  it('answers 404 for an upload to a path that is no lead id, as for a lead it cannot see', async () => {
    const response = await upload(0, [
      { name: 'fileCat', value: category },
      { name: 'images', filename: 'a.jpg', content: JPEG },
    ]);
    expect(failureMessage(response, 404)).toBe(messages.recordNotFound);
    const { payload, contentType } = multipart([{ name: 'fileCat', value: category }]);
    const named = await app.inject({
      method: 'POST',
      url: '/api/upload/abc',
      headers: { 'content-type': contentType, authorization: `Bearer ${salesToken}` },
      payload,
    });
    expect(failureMessage(named, 404)).toBe(messages.recordNotFound);
  });

  it('needs a session to upload', async () => {
    const { payload, contentType } = multipart([{ name: 'fileCat', value: category }]);
    const response = await app.inject({
      method: 'POST',
      url: `/api/upload/${ownLead}`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 when the user’s modules lack the files tab', async () => {
    const leadsRow = db
      .selectFrom('permissions')
      .where('user_group_id', '=', server.users.sales.user_group_id)
      .where('table_name', '=', 'leads');
    const { modules } = await leadsRow.select('modules').executeTakeFirstOrThrow();
    await db
      .updateTable('permissions')
      .set({ modules: ['kisisel-bilgiler'] })
      .where('user_group_id', '=', server.users.sales.user_group_id)
      .where('table_name', '=', 'leads')
      .execute();
    await forgetCaches(app);
    try {
      expect(failureMessage(await postForm(app, `/api/files/${ownLead}`, {}, salesToken), 403)).toBe(
        messages.forbidden,
      );
    } finally {
      await db
        .updateTable('permissions')
        .set({ modules })
        .where('user_group_id', '=', server.users.sales.user_group_id)
        .where('table_name', '=', 'leads')
        .execute();
      await forgetCaches(app);
    }
  });
});
