import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { columnLetters, xmlText } from '../../../src/server/modules/export/xml-text';
import {
  sheetName,
  writeXlsx,
  type XlsxRow,
  type XlsxSheet,
} from '../../../src/server/modules/export/xlsx-writer';
import { dosDateTime } from '../../../src/server/modules/export/zip-writer';

interface ZipEntry {
  name: string;
  flags: number;
  data: Buffer;
}

/**
 * An independent reader of what the writer produced: walks the central directory, inflates every entry
 * and checks its CRC-32 and sizes against the directory and the data descriptor.
 */
function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  expect(at + zip.readUInt32LE(end + 12)).toBe(end);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);

    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(dataStart, dataStart + compressed));
    expect(data.length, name).toBe(size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    const descriptor = dataStart + compressed;
    expect(zip.readUInt32LE(descriptor)).toBe(0x08074b50);
    expect(zip.readUInt32LE(descriptor + 4)).toBe(crc);
    expect(zip.readUInt32LE(descriptor + 8)).toBe(compressed);
    expect(zip.readUInt32LE(descriptor + 12)).toBe(size);
    entries.push({ name, flags, data });
  }
  return entries;
}

async function toBuffer(sheet: XlsxSheet): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeXlsx(output, sheet);
  return Buffer.concat(chunks);
}

function sheetRows(file: Buffer): unknown[][] {
  const book = XLSX.read(file);
  const first = book.Sheets[book.SheetNames[0] ?? ''];
  if (!first) throw new Error('no sheet');
  return XLSX.utils.sheet_to_json<unknown[]>(first, { header: 1, defval: null, raw: true });
}

const TRICKY = [
  'Ayşe & Mehmet <ortak> "çift" \'tek\'',
  'ĞÜŞİÖÇ ğüşıöç İstanbul Iğdır',
  '  baştaki ve sondaki boşluk  ',
  'satır\nsatır',
  'sekme\there',
  'kontrol\u0001\u001fkarakter',
  'literal _x0041_ kaçış',
  'emoji 😀 ve ]]> son',
  '=HYPERLINK("http://kotu.example","tıkla")',
  '0532 123 45 67',
];

describe('xml text helpers', () => {
  it('names columns as Excel does', () => {
    expect([0, 25, 26, 51, 701, 702, 16_383].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });

  it('escapes markup and encodes what XML cannot carry', () => {
    expect(xmlText('a & b < c > d "e" \'f\'')).toBe('a &amp; b &lt; c &gt; d "e" \'f\'');
    expect(xmlText('x\u0001y\rz')).toBe('x_x0001_y_x000D_z');
    expect(xmlText('_x0041_')).toBe('_x005F_x0041_');
    expect(xmlText('ok 😀')).toBe('ok 😀');
    expect(xmlText('lone \uD800 surrogate')).toBe('lone \uFFFD surrogate');
    expect(xmlText('Çağrı Işık')).toBe('Çağrı Işık');
  });

  it('cleans sheet names to Excel rules', () => {
    expect(sheetName('Leadler')).toBe('Leadler');
    expect(sheetName('a/b\\c[d]:e*f?g')).toBe('a b c d  e f g');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName("'''")).toBe('Sayfa1');
  });

  it('stores ZIP times in MS-DOS form', () => {
    expect(dosDateTime(new Date(2025, 2, 1, 14, 30, 59))).toEqual({
      time: (14 << 11) | (30 << 5) | 29,
      date: (45 << 9) | (3 << 5) | 1,
    });
  });
});

describe('writeXlsx', () => {
  it('writes a valid package that SheetJS reads back cell for cell', async () => {
    const rows: XlsxRow[] = [
      ...TRICKY.map((text, i): XlsxRow => [i + 1, text, i % 2 === 0, null]),
      [100, '', undefined, 'son'],
      [-1.25, 'ondalık', false, 0],
      [Number.NaN, 'NaN boş yazılır', null, Number.POSITIVE_INFINITY],
    ];
    const file = await toBuffer({
      name: 'Leadler',
      columns: [{ header: 'ID' }, { header: 'Ad Soyad' }, { header: 'Aktif' }, { header: 'Not' }],
      rows,
    });

    const entries = readZip(file);
    expect(entries.map((entry) => entry.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    // Data descriptor and UTF-8 names on every entry.
    expect(entries.every((entry) => entry.flags === 0x0808)).toBe(true);

    const book = XLSX.read(file);
    expect(book.SheetNames).toEqual(['Leadler']);
    const got = sheetRows(file);
    expect(got[0]).toEqual(['ID', 'Ad Soyad', 'Aktif', 'Not']);
    TRICKY.forEach((text, i) => {
      expect(got[i + 1]).toEqual([i + 1, text, i % 2 === 0, null]);
    });
    expect(got[TRICKY.length + 1]).toEqual([100, null, null, 'son']);
    expect(got[TRICKY.length + 2]).toEqual([-1.25, 'ondalık', false, 0]);
    expect(got[TRICKY.length + 3]).toEqual([null, 'NaN boş yazılır', null, null]);
    expect(got).toHaveLength(rows.length + 1);
  });

  it('keeps numbers numeric and strings textual (phone numbers keep their leading zero)', async () => {
    const file = await toBuffer({
      name: 'Tip',
      columns: [{ header: 'Sayı' }, { header: 'Metin' }],
      rows: [[5321234567, '05321234567']],
    });
    const sheet = XLSX.read(file).Sheets.Tip;
    expect(sheet?.A2).toMatchObject({ t: 'n', v: 5321234567 });
    expect(sheet?.B2).toMatchObject({ t: 's', v: '05321234567' });
  });

  it('never writes a formula: text starting with = stays text', async () => {
    const file = await toBuffer({ name: 'F', columns: [{ header: 'X' }], rows: [['=1+1'], ['@SUM(A1)']] });
    const sheet = XLSX.read(file, { cellFormula: true }).Sheets.F;
    expect(sheet?.A2).toMatchObject({ t: 's', v: '=1+1' });
    expect(sheet?.A2?.f).toBeUndefined();
    expect(sheet?.A3?.f).toBeUndefined();
    const xml = readZip(file)
      .find((entry) => entry.name === 'xl/worksheets/sheet1.xml')
      ?.data.toString('utf8');
    expect(xml).not.toContain('<f>');
  });

  it('writes inline strings, a bold frozen header and escaped XML', async () => {
    const file = await toBuffer({
      name: 'X',
      columns: [{ header: 'Başlık <1>' }],
      rows: [['a & b\r\nc'], ['  kenar  ']],
    });
    const parts = new Map(readZip(file).map((entry) => [entry.name, entry.data.toString('utf8')]));
    const xml = parts.get('xl/worksheets/sheet1.xml') ?? '';
    expect(xml).toContain(
      '<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>Başlık &lt;1&gt;</t></is></c></row>',
    );
    expect(xml).toContain('<t xml:space="preserve">a &amp; b_x000D_\nc</t>');
    expect(xml).toContain('<t xml:space="preserve">  kenar  </t>');
    expect(xml).toContain('state="frozen"');
    expect(xml).not.toContain('sharedStrings');
    expect(parts.has('xl/sharedStrings.xml')).toBe(false);
    expect(sheetRows(file)[2]).toEqual(['  kenar  ']);
  });

  it('cuts text at the 32,767 characters Excel allows in a cell', async () => {
    const file = await toBuffer({ name: 'L', columns: [{ header: 'Uzun' }], rows: [['ş'.repeat(40_000)]] });
    expect(String(sheetRows(file)[1]?.[0])).toHaveLength(32_767);
  });

  it('writes only the header row when there are no rows', async () => {
    const file = await toBuffer({ name: 'Boş', columns: [{ header: 'ID' }, { header: 'Ad' }], rows: [] });
    expect(sheetRows(file)).toEqual([['ID', 'Ad']]);
  });

  it('passes a failing row source on and stops writing', async () => {
    async function* failing(): AsyncGenerator<XlsxRow> {
      yield [1];
      throw new Error('veritabanı koptu');
    }
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    await expect(
      writeXlsx(sink, { name: 'E', columns: [{ header: 'ID' }], rows: failing() }),
    ).rejects.toThrow('veritabanı koptu');
  });
});

describe('writeXlsx with 100,000 rows', () => {
  const ROWS = 100_000;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xlsx-writer-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('streams them to disk in bounded memory and SheetJS reads every row', async () => {
    const path = join(dir, 'big.xlsx');
    const output = createWriteStream(path);
    const heapBefore = process.memoryUsage().heapUsed;
    let peakHeap = heapBefore;
    let writtenAtHalf = 0;
    const day = (i: number): string => `2025-03-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`;
    function* rows(): Generator<XlsxRow> {
      for (let i = 1; i <= ROWS; i += 1) {
        if (i % 5_000 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
        if (i === ROWS / 2) writtenAtHalf = output.bytesWritten;
        yield [
          i,
          `Müşteri ${i} Işıkoğlu`,
          `05${String(300_000_000 + i)}`,
          i % 7 === 0 ? null : `kayit${i}@ornek.com.tr`,
          i % 3 === 0 ? 'İstanbul' : 'İzmir',
          day(i),
          i % 2 === 0,
          i * 1.5,
        ];
      }
    }
    const result = await writeXlsx(output, {
      name: 'Leadler',
      columns: ['ID', 'Ad Soyad', 'Telefon', 'E-posta', 'İl', 'Kayıt Tarihi', 'Aktif', 'Tutar'].map(
        (header) => ({
          header,
        }),
      ),
      rows: rows(),
    });
    expect(result.rows).toBe(ROWS);
    // Streaming: half the rows were already compressed and on disk before the rest existed.
    expect(writtenAtHalf).toBeGreaterThan(result.bytes / 4);
    // The sheet XML is ~15 MB; nothing close to that was held at once.
    expect(peakHeap - heapBefore).toBeLessThan(64 * 1024 * 1024);

    const file = await readFile(path);
    expect(file.length).toBe(result.bytes);
    readZip(file);
    const book = XLSX.read(file, { dense: true });
    const sheet = book.Sheets.Leadler;
    expect(sheet?.['!ref']).toBe('A1:H100001');
    const last = XLSX.utils.sheet_to_json<unknown[]>(sheet as XLSX.WorkSheet, { header: 1, range: 100_000 });
    expect(last[0]).toEqual([
      ROWS,
      `Müşteri ${ROWS} Işıkoğlu`,
      `05${300_000_000 + ROWS}`,
      `kayit${ROWS}@ornek.com.tr`,
      'İzmir',
      day(ROWS),
      true,
      ROWS * 1.5,
    ]);
  }, 60_000);
});
