import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { utils, write } from 'xlsx';
import { parseCsvText } from '../../../src/shared/domain/import-csv';
import {
  ImportFileError,
  parseImportFile,
  type ImportFileProblem,
} from '../../../src/shared/domain/import-file';
import { DEFAULT_IMPORT_LIMITS } from '../../../src/shared/domain/import-limits';

const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(fileURLToPath(new URL(`../../fixtures/importer/${name}`, import.meta.url))));

function refusal(name: string, bytes: Uint8Array, limits = DEFAULT_IMPORT_LIMITS): ImportFileProblem | null {
  try {
    parseImportFile(name, bytes, limits);
    return null;
  } catch (error) {
    if (error instanceof ImportFileError) return error.problem;
    throw error;
  }
}

/** A one-entry zip (deflated) built by hand, so its sizes can be whatever a test needs. */
function zipOf(name: string, content: Buffer, options: { declaredSize?: number } = {}): Uint8Array {
  const packed = deflateRawSync(content);
  const declared = options.declaredSize ?? content.length;
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const directoryAt = local.length + nameBytes.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return new Uint8Array(Buffer.concat([local, nameBytes, packed, central, nameBytes, end]));
}

/** A zip of several deflated parts, with true sizes. */
function zipOfParts(parts: readonly (readonly [string, Buffer])[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of parts) {
    const packed = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

describe('parseImportFile: real files', () => {
  it('reads a LibreOffice xlsx with a Turkish header; date cells come day first', () => {
    const file = parseImportFile('leads-tr-libreoffice.xlsx', fixture('leads-tr-libreoffice.xlsx'));
    expect(file.kind).toBe('xlsx');
    expect(file.headers).toEqual(['Ad Soyad', 'Telefon', 'Doğum Tarihi', 'İl', 'Kaynak']);
    expect(file.rows[0]).toEqual([
      'Şükrü Çağlayan',
      '0212 555 12 34',
      '25/03/1996',
      'İstanbul',
      'İçe Aktarım Ğüşiöç',
    ]);
    expect(file.rows).toHaveLength(4);
  });

  it('reads CSV in UTF-8 with ;, UTF-8 with BOM and ",", and Windows-1254 with a line break in quotes', () => {
    const utf8 = parseImportFile('leads-tr.csv', fixture('leads-tr.csv'));
    expect(utf8).toMatchObject({ encoding: 'utf-8', separator: ';' });
    expect(utf8.rows[1]?.[0]).toBe('İpek Işıl Öztürk');
    const bom = parseImportFile('leads-utf8-bom.csv', fixture('leads-utf8-bom.csv'));
    expect(bom).toMatchObject({ encoding: 'utf-8', separator: ',' });
    expect(bom.headers[0]).toBe('Ad Soyad');
    expect(bom.rows[0]).toEqual(['Ğülşah Çiçek', '05551112255', 'Virgül, ve "tırnak" içerir']);
    const turkish = parseImportFile('leads-1254.csv', fixture('leads-1254.csv'));
    expect(turkish).toMatchObject({ encoding: 'windows-1254', separator: ';' });
    expect(turkish.rows[0]).toEqual([
      'Şükrü Çağlayan',
      '05551112233',
      'Bağdat Cad. No: 5\nKadıköy; İstanbul',
    ]);
    expect(turkish.rows[1]?.[0]).toBe('Işıl Öğüt');
  });

  const soffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' });
  const hasSoffice = soffice.status === 0;
  it.skipIf(!hasSoffice)(
    'reads what LibreOffice makes of a CSV now (soffice --convert-to xlsx), a formula as its value',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'crm-import-lo-'));
      const csv = join(dir, 'formula.csv');
      writeFileSync(csv, 'Ad Soyad;Tutar;Toplam\nÇiğdem Şahin;2;=B2*21\n', 'utf8');
      execFileSync(
        'soffice',
        ['--headless', '--infilter=CSV:59,34,76,1,,1055', '--convert-to', 'xlsx', '--outdir', dir, csv],
        { stdio: 'ignore', timeout: 120_000 },
      );
      const file = parseImportFile('formula.xlsx', new Uint8Array(readFileSync(join(dir, 'formula.xlsx'))));
      expect(file.headers).toEqual(['Ad Soyad', 'Tutar', 'Toplam']);
      expect(file.rows[0]).toEqual(['Çiğdem Şahin', '2', '42']);
    },
    150_000,
  );
  if (!hasSoffice) {
    it.skip('LibreOffice (soffice) is not installed here: the runtime conversion test needs it (CI installs it)', () =>
      undefined);
  }
});

describe('parseImportFile: refused files', () => {
  it('refuses an empty file, another type, an old xls, a broken xlsx and binary junk', () => {
    expect(refusal('a.csv', new Uint8Array())).toBe('invalidFile');
    expect(refusal('a.pdf', new TextEncoder().encode('x'))).toBe('invalidFile');
    expect(refusal('a.xlsx', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(
      'invalidFile',
    );
    expect(refusal('a.xlsx', new TextEncoder().encode('Ad;Telefon\n'))).toBe('invalidFile');
    expect(refusal('a.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))).toBe('invalidFile');
    const junk = new Uint8Array(4096).map((_, index) => (index * 7919) % 256);
    expect(refusal('a.csv', junk)).toBe('binary');
  });

  it('refuses a zip bomb from its directory before unpacking', () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(30 * 1024 * 1024));
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    expect(refusal('bomb.xlsx', bomb)).toBe('zipBomb');
    const big = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(2 * 1024 * 1024, 'a'));
    expect(refusal('big.xlsx', big, { ...DEFAULT_IMPORT_LIMITS, maxUncompressedBytes: 1024 * 1024 })).toBe(
      'zipBomb',
    );
  });

  it(
    'refuses shared strings past their limit before the library parses them, inside the other limits',
    { timeout: 60_000 },
    () => {
      // Text that packs about 4:1, as a real file's strings do: inside the whole-file and ratio limits.
      const strings = Buffer.from(
        `<sst>${Array.from({ length: 40_000 }, (_, i) => `<si><t>Ad Soyad ${i * 7919}</t></si>`).join('')}</sst>`,
      );
      expect(strings.length).toBeGreaterThan(1024 * 1024);
      const limits = { ...DEFAULT_IMPORT_LIMITS, maxSharedStringsBytes: 1024 * 1024 };
      // A real workbook whose shared strings pass the limit: refused, where the library would read it.
      const book = utils.book_new();
      const names = Array.from({ length: 40_000 }, (_, i) => [`Ad Soyad ${i * 7919}`, `53200${i}`]);
      utils.book_append_sheet(book, utils.aoa_to_sheet([['Ad', 'Telefon'], ...names]), 'Sayfa1');
      const workbook = new Uint8Array(
        write(book, { type: 'array', bookType: 'xlsx', bookSST: true, compression: true }) as ArrayBuffer,
      );
      expect(parseImportFile('strings.xlsx', workbook).rows).toHaveLength(40_000);
      expect(refusal('strings.xlsx', workbook, limits)).toBe('partTooLarge');
      expect(refusal('strings.xlsx', zipOf('xl/sharedStrings.xml', strings), limits)).toBe('partTooLarge');
      // Renamed under the worksheets, declared as shared strings: still the strings' limit.
      const renamed = zipOfParts([
        [
          '[Content_Types].xml',
          Buffer.from(
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/worksheets/s.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
          ),
        ],
        ['xl/worksheets/s.xml', strings],
      ]);
      expect(refusal('renamed.xlsx', renamed, { ...limits, maxSheetBytes: 64 * 1024 * 1024 })).toBe(
        'partTooLarge',
      );
      const sheet = zipOf('xl/worksheets/sheet1.xml', strings);
      expect(refusal('sheet.xlsx', sheet, { ...limits, maxSheetBytes: 1024 * 1024 })).toBe('partTooLarge');
    },
  );

  it('counts what a part really unpacks to, not what the zip says', () => {
    const content = Buffer.from('x'.repeat(3 * 1024 * 1024));
    const lying = zipOf('xl/sharedStrings.xml', content, { declaredSize: 1000 });
    expect(refusal('lying.xlsx', lying)).toBe('zipBomb');
    const packed = zipOf('xl/sharedStrings.xml', Buffer.from('<sst>'.repeat(400_000)), { declaredSize: 10 });
    expect(
      refusal('lying.xlsx', packed, { ...DEFAULT_IMPORT_LIMITS, maxSharedStringsBytes: 1024 * 1024 }),
    ).toBe('partTooLarge');
  });

  it('refuses past the size, row, column and cell limits', () => {
    const csv = new TextEncoder().encode('Ad;Telefon\nA;1\nB;2\nC;3\n');
    expect(refusal('a.csv', csv, { ...DEFAULT_IMPORT_LIMITS, maxBytes: 10 })).toBe('tooLarge');
    expect(refusal('a.csv', csv, { ...DEFAULT_IMPORT_LIMITS, maxRows: 2 })).toBe('tooManyRows');
    expect(refusal('a.csv', csv, { ...DEFAULT_IMPORT_LIMITS, maxColumns: 1 })).toBe('tooManyColumns');
    const megaCell = new TextEncoder().encode(`Ad;Not\nA;${'x'.repeat(1024 * 1024)}\n`);
    expect(refusal('a.csv', megaCell)).toBe('cellTooLong');
  });

  it('refuses an xlsx without worksheets or with an empty one, and a CSV with nothing in it', () => {
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([]), 'Sayfa1');
    const empty = new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(refusal('empty.xlsx', empty)).toBe('emptyWorksheet');
    expect(refusal('blank.csv', new TextEncoder().encode('\n;;\n'))).toBe('emptyWorksheet');
  });
});

describe('CSV reader', () => {
  it('keeps separators, doubled quotes and CRLF line breaks inside quotes; pads nothing itself', () => {
    expect(parseCsvText('a,"b,""c""\r\nd",e\r\nf,g,h', ',')).toEqual([
      ['a', 'b,"c"\r\nd', 'e'],
      ['f', 'g', 'h'],
    ]);
  });
});
