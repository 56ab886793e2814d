import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Client, type Connection } from 'pg';
import { utils, write } from 'xlsx';
import { CsvRowReader } from '../../../src/shared/domain/import-csv';
import { parseImportFile } from '../../../src/shared/domain/import-file';
import { IMPORT_CHUNK_ROWS } from '../../../src/shared/domain/import-limits';
import { guessMapping } from '../../../src/shared/domain/import-mapping';
import { prepareImportRows } from '../../../src/shared/domain/import-plan';
import { uploadImportChunks, type ChunkAnswer } from '../../../src/shared/domain/import-upload';
import { contract } from '../../../src/shared/contract';
import { DOUBLE_CHECK_MAX_PHONES } from '../../../src/shared/contract/importer';
import { benchDatabaseUrl } from '../bench-database';
import { startLoadServer, type LoadServer } from '../load/server-process';
import { count, ratio, seconds, type BenchContext, type Section } from './bench-context';

/**
 * The importer (see docs/user-guide.md#importing-leads): a 100,000-row xlsx and CSV, end to end as the screen does it (read the file,
 * map the Turkish header, dates to YYYY-MM-DD, phones to 10 digits, double check, upload in chunks
 * skipping duplicates), against a raw COPY of the same rows into the same table in the same run; then a
 * million-row CSV streamed in chunks while the process's RSS is sampled.
 * BENCH_IMPORT_ROWS (default 100,000), BENCH_IMPORT_BIG_ROWS (default 1,000,000; 0 skips it).
 */
export const IMPORT_TARGET_ROWS_PER_S = 20_000;
export const IMPORT_TARGET_COPY_RATIO = 3;
export const IMPORT_TARGET_RSS_MB = 500;

const MB = 1024 * 1024;
const HEADER = ['Ad Soyad', 'Telefon', 'Doğum Tarihi', 'İl', 'E-posta', 'Kaynak (UTM)'];
const GIVEN = ['Şükrü', 'İpek', 'Gülşen', 'Ömer', 'Çağla', 'Ilgaz', 'Özge', 'Ümit', 'Ayşe', 'Oğuz'];
const FAMILY = ['Çağlayan', 'Öztürk', 'Üstün', 'Doğan', 'Şahin', 'Yıldız', 'Aksoy', 'Işık'];
const CITIES = ['İstanbul', 'İzmir', 'Ankara', 'Muğla', 'Çanakkale', 'Iğdır', 'Şanlıurfa'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** Row i of the file; one in ten repeats a phone of the data set's leads (a duplicate to skip). */
function row(i: number, tag: string, duplicatePhones: readonly string[]): string[] {
  const duplicate = i % 10 === 0 && duplicatePhones.length > 0;
  const phone = duplicate
    ? (duplicatePhones[i % duplicatePhones.length] ?? '')
    : `0 (2${pad(i % 100)}) ${String(1_000_000 + (i % 9_000_000)).slice(0, 3)} ${pad(Math.floor(i / 100) % 100)} ${pad(Math.floor(i / 10_000) % 100)}`;
  return [
    `${GIVEN[i % GIVEN.length]} ${FAMILY[i % FAMILY.length]} ${i}`,
    phone,
    `${pad(1 + (i % 28))}/${pad(1 + (i % 12))}/${pad(60 + (i % 40))}`,
    CITIES[i % CITIES.length] ?? '',
    `kisi${i}@ornek.com.tr`,
    tag,
  ];
}

const csvLine = (cells: readonly string[]): string =>
  cells.map((cell) => (/[;"\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(';');

async function post(context: BenchContext, url: string, body: unknown): Promise<unknown> {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${context.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  return response.json();
}

interface Fields {
  fields: { name: string; display_name: string; date: boolean; phone: boolean; required: boolean }[];
}

type Poster = (url: string, body: unknown) => Promise<unknown>;

/** Calls a CRM server in a process of its own (as in production), or the bench's own one in process. */
function poster(context: BenchContext, server: LoadServer | null): Poster {
  return async (url, body) => {
    if (!server) return post(context, url, body);
    const response = await fetch(`${server.url}/api${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${context.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return response.json();
  };
}

/** Double check and chunked upload of prepared rows, as the screen sends them. Answers rows inserted. */
async function upload(
  context: BenchContext,
  send: Poster,
  excelId: string,
  columns: string[],
  rows: string[][],
  phones: string[],
): Promise<{ inserted: number; matches: number }> {
  let matches = 0;
  for (let start = 0; start < phones.length; start += DOUBLE_CHECK_MAX_PHONES) {
    const answer = (await send(contract.doubleCheck.path, {
      table: 'leads',
      phones: phones.slice(start, start + DOUBLE_CHECK_MAX_PHONES),
    })) as { result: { match_count: number } };
    matches += answer.result.match_count;
  }
  // The screen's own chunked upload.
  const { inserted } = await uploadImportChunks(
    { table: 'leads', excelId, fileName: `${excelId}.dosya`, columns, rows, skipDuplicates: true },
    { send: async (body) => (await send(contract.bulkInsert.path, body)) as ChunkAnswer },
  );
  return { inserted, matches };
}

/** COPY ... FROM STDIN over pg's own connection (what pg-copy-streams does, without the package). */
async function copyRows(url: string, statement: string, text: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await new Promise<void>((resolve, reject) => {
      const submittable = {
        submit(connection: Connection) {
          connection.query(statement);
        },
        handleCopyInResponse(
          connection: Connection & { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void },
        ) {
          const bytes = Buffer.from(text, 'utf8');
          for (let at = 0; at < bytes.length; at += 1 << 20)
            connection.sendCopyFromChunk(bytes.subarray(at, at + (1 << 20)));
          connection.endCopyFrom();
        },
        handleCommandComplete: () => undefined,
        handleReadyForQuery: () => resolve(),
        handleError: (error: Error) => reject(error),
      };
      void client.query(submittable as never);
    });
  } finally {
    await client.end();
  }
}

/**
 * Removes the leads a scenario imported (utm_source = tag) and their rows in every table that refers to
 * leads. A plain DELETE of 900,000 leads runs a dozen foreign-key triggers per lead (over 7 minutes);
 * on PostgreSQL the children go first in one statement per table and the leads then without the
 * triggers (nothing refers to them any more, and their monthly counts are taken away by hand;
 * session_replication_role needs the superuser the bench connects as): seconds. PGlite's data sets are small: the plain DELETE.
 */
async function removeImported(context: BenchContext, tag: string): Promise<void> {
  const { db } = context.handle;
  if (context.engine !== 'PostgreSQL') {
    await sql`delete from leads where utm_source = ${tag}`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`create temp table imported_leads on commit drop as
      select id from leads where utm_source = ${tag}`.execute(trx);
    const { rows } = await sql<{ child: string; col: string }>`
      select c.conrelid::regclass::text as child, a.attname as col
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.confrelid = 'leads'::regclass and c.contype = 'f' and c.conrelid <> 'leads'::regclass`.execute(
      trx,
    );
    for (const { child, col } of rows) {
      await sql`delete from ${sql.table(child)} where ${sql.ref(col)} in (select id from imported_leads)`.execute(
        trx,
      );
    }
    // Without triggers the leads' monthly counts (migration 023) would keep them: taken away here, as
    // the delete trigger would.
    await sql`insert into lead_month_totals (field, month, agent_id, team_id, n)
      select f.field, date_trunc('month', f.at), l.agent_id, l.team_id, -count(*)
      from leads l join imported_leads i on i.id = l.id
      cross join lateral (values ('created_at', l.created_at), ('customer_set_date', l.customer_set_date),
        ('first_fund_date', l.first_fund_date)) as f (field, at)
      where f.at is not null
      group by 1, 2, 3, 4`.execute(trx);
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`delete from leads where id in (select id from imported_leads)`.execute(trx);
  });
}

/**
 * A million-row CSV streamed from disk: one chunk in memory at a time, RSS sampled throughout. It runs
 * before the 100,000-row files: a process's RSS rarely shrinks after a big parse (the xlsx), so measured
 * after them it would show their high-water mark, not this import's.
 */
async function streamBigCsv(
  context: BenchContext,
  big: number,
  fields: Fields['fields'],
  duplicatePhones: readonly string[],
  dir: string,
): Promise<Section['rows'][number]> {
  const tag = `bench-big-${Date.now()}`;
  const path = join(dir, 'milyon.csv');
  const lines: string[] = [csvLine(HEADER)];
  writeFileSync(path, '');
  const { appendFileSync } = await import('node:fs');
  for (let i = 0; i < big; i += 1) {
    lines.push(csvLine(row(i, tag, duplicatePhones)));
    if (lines.length >= 50_000) appendFileSync(path, `${lines.splice(0).join('\n')}\n`);
  }
  appendFileSync(path, `${lines.join('\n')}\n`);
  // PostgreSQL: the server in a process of its own, as in production, so its RSS is the server's alone
  // (not the bench's, which also wrote the file and reads it). PGlite lives in the bench's process.
  const databaseUrl = context.engine === 'PostgreSQL' ? benchDatabaseUrl() : null;
  const server = databaseUrl ? await startLoadServer(databaseUrl) : null;
  const rssNow = (): number => (server ? (server.samples.at(-1)?.rss ?? 0) : process.memoryUsage().rss);
  // The child reports its RSS every 500 ms: wait for the first report as the baseline.
  while (server && server.samples.length === 0) await new Promise((done) => setTimeout(done, 100));
  global.gc?.();
  const baseline = rssNow();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssNow())), 50);
  const postChunk = poster(context, server);
  const started = performance.now();
  let header: string[] | null = null;
  let pending: string[][] = [];
  let chunk = 0;
  let inserted = 0;
  const excelId = `bench_big_${String(Date.now()).slice(-11).padStart(11, '0')}`;
  const chunks = Math.ceil(big / IMPORT_CHUNK_ROWS);
  const send = async (data: string[][]): Promise<void> => {
    const ready = prepareImportRows(data, guessMapping(header ?? [], fields), fields, {
      birthday: 'DD/MM/YY',
    });
    if (!ready.ok) throw new Error(ready.message);
    const answer = (await postChunk(contract.bulkInsert.path, {
      table: 'leads',
      excelId,
      fileName: 'milyon.csv',
      chunk,
      chunks,
      firstRow: chunk * IMPORT_CHUNK_ROWS + 2,
      total: big,
      skipDuplicates: 1,
      inputs: { columns: ready.columns, data: ready.rows },
    })) as { successCount: number };
    inserted += answer.successCount;
    chunk += 1;
    // A progress line every 100,000 rows: on a loaded machine the run is long, and a run cut short
    // still shows its memory so far.
    if ((chunk * IMPORT_CHUNK_ROWS) % 100_000 === 0) {
      context.log(
        `  ${count(chunk * IMPORT_CHUNK_ROWS)} satır, ${seconds(performance.now() - started)} s, RSS tepe ${count(peak / MB)} MB`,
      );
    }
  };
  try {
    const reader = new CsvRowReader(';', (cells) => {
      if (header === null) header = cells;
      else pending.push(cells);
    });
    for await (const piece of createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
      reader.push(piece as string);
      while (pending.length >= IMPORT_CHUNK_ROWS) await send(pending.splice(0, IMPORT_CHUNK_ROWS));
    }
    reader.end();
    if (pending.length > 0) await send(pending);
    pending = [];
  } catch (error) {
    // A run cut short still leaves the data set as it found it (its lead count decides reuse).
    await removeImported(context, tag);
    throw error;
  } finally {
    clearInterval(sampler);
    await server?.stop();
  }
  const tookMs = performance.now() - started;
  const peakMb = peak / MB;
  await removeImported(context, tag);
  return {
    cells: [
      `CSV akışı, RSS tepe ${count(peakMb)} MB (başta ${count(baseline / MB)} MB)`,
      count(big),
      seconds(tookMs),
      count(big / (tookMs / 1000)),
      '-',
    ],
    pass: peakMb < IMPORT_TARGET_RSS_MB,
    note: `${count(inserted)} eklendi; hedef: sunucunun RSS'i < ${IMPORT_TARGET_RSS_MB} MB (${server ? 'kendi sürecinde, 500 ms arayla ölçüldü' : 'PGlite: sunucu, PGlite ve okuyan istemci aynı süreçte'})`,
  };
}

export async function runImport(context: BenchContext): Promise<Section> {
  const n = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const big = Number(process.env.BENCH_IMPORT_BIG_ROWS ?? 1_000_000);
  const { db } = context.handle;
  const dir = mkdtempSync(join(tmpdir(), 'crm-import-bench-'));
  const section: Section = {
    title: 'Excel/CSV içe aktarma',
    columns: ['Senaryo', 'Satır', 'Süre (s)', 'Satır/s', 'Oran'],
    rows: [],
    notes: [],
  };
  let filesServer: LoadServer | null = null;
  try {
    const existing = await sql<{ phone: string }>`select phone from leads where phone is not null
      order by id limit 1000`.execute(db);
    const duplicatePhones = existing.rows.map((r) => r.phone);
    const { fields } = (await post(context, contract.importTemplates.path, { table: 'leads' })) as Fields;
    if (big > 0) section.rows.push(await streamBigCsv(context, big, fields, duplicatePhones, dir));

    // The baseline first: the same rows, already prepared, by COPY (PostgreSQL) or one INSERT ... SELECT
    // (PGlite, whose COPY needs its own instance), then removed again.
    const baseTag = `bench-copy-${Date.now()}`;
    const baseRows = Array.from({ length: n }, (_, i) => row(i, baseTag, duplicatePhones));
    const prepared = prepareImportRows(baseRows, guessMapping(HEADER, fields), fields, {
      birthday: 'DD/MM/YY',
    });
    if (!prepared.ok) throw new Error(prepared.message);
    const t0 = performance.now();
    if (context.engine === 'PostgreSQL') {
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${(process.env.BENCH_DATABASE ?? 'crm_bench').trim()}`;
      const text = prepared.rows.map((cells) => csvLine(cells)).join('\n');
      await copyRows(
        url.toString(),
        `COPY leads (${prepared.columns.join(', ')}) FROM STDIN WITH (FORMAT csv, DELIMITER ';')`,
        text,
      );
    } else {
      const arrays = prepared.columns.map((_, c) =>
        prepared.rows.map((cells) => (cells[c] === '' ? null : cells[c])),
      );
      await sql`insert into leads (${sql.join(prepared.columns.map((name) => sql.id(name)))})
        select ${sql.join(prepared.columns.map((name, c) => sql`${sql.ref(`u.c${c}`)}::${sql.raw(name === 'birthday' ? 'date' : 'text')}`))}
        from unnest(${sql.join(arrays.map((values) => sql`${values}::text[]`))}) as u(${sql.join(prepared.columns.map((_, c) => sql.raw(`c${c}`)))})`.execute(
        db,
      );
    }
    const copyMs = performance.now() - t0;
    await removeImported(context, baseTag);
    context.log(`  taban: ${seconds(copyMs)} s`);
    section.rows.push({
      cells: [
        context.engine === 'PostgreSQL' ? 'Ham COPY (taban)' : 'Ham INSERT … SELECT unnest (taban)',
        count(n),
        seconds(copyMs),
        count(n / (copyMs / 1000)),
        '-',
      ],
      pass: null,
    });

    // The files go to a CRM server in a process of its own on PostgreSQL (as in production: the screen's
    // reading and the server's writing do not share one thread); PGlite lives in the bench's process.
    const databaseUrl = context.engine === 'PostgreSQL' ? benchDatabaseUrl() : null;
    filesServer = databaseUrl ? await startLoadServer(databaseUrl) : null;
    const send = poster(context, filesServer);
    for (const kind of ['xlsx', 'csv'] as const) {
      const tag = `bench-${kind}-${Date.now()}`;
      const rows = [HEADER, ...Array.from({ length: n }, (_, i) => row(i, tag, duplicatePhones))];
      const path = join(dir, `kampanya.${kind}`);
      if (kind === 'csv') writeFileSync(path, `\ufeff${rows.map(csvLine).join('\r\n')}\r\n`);
      else {
        const book = utils.book_new();
        utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Sayfa1');
        writeFileSync(path, write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
      }
      const started = performance.now();
      const file = parseImportFile(
        path,
        new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(path))),
      );
      const choices = guessMapping(file.headers, fields);
      const ready = prepareImportRows(file.rows, choices, fields, { birthday: 'DD/MM/YY' });
      if (!ready.ok) throw new Error(ready.message);
      const result = await upload(
        context,
        send,
        `bench_${kind}_${String(Date.now()).slice(-11).padStart(11, '0')}`,
        ready.columns,
        ready.rows,
        ready.phones,
      ).catch(async (error: unknown) => {
        await removeImported(context, tag);
        throw error;
      });
      const tookMs = performance.now() - started;
      const rate = n / (tookMs / 1000);
      const versusCopy = tookMs / copyMs;
      const expected = n - result.matches;
      const pass =
        rate >= IMPORT_TARGET_ROWS_PER_S &&
        versusCopy <= IMPORT_TARGET_COPY_RATIO &&
        result.inserted === expected;
      section.rows.push({
        cells: [
          `${kind} uçtan uca (eşleme, tekrar kontrolü)`,
          count(n),
          seconds(tookMs),
          count(rate),
          ratio(versusCopy),
        ],
        pass,
        note: `${count(result.matches)} tekrar atlandı, ${count(result.inserted)} eklendi; hedef ≥ ${count(IMPORT_TARGET_ROWS_PER_S)} satır/s ve ≤ ${IMPORT_TARGET_COPY_RATIO}× taban`,
      });
      await removeImported(context, tag);
      context.log(`  ${kind}: ${seconds(tookMs)} s (${count(rate)} satır/s)`);
    }

    return section;
  } finally {
    await filesServer?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
