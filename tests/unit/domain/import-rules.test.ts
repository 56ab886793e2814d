import { describe, expect, it } from 'vitest';
import {
  cleanImportCell,
  guessImportDateFormat,
  IMPORT_DATE_FORMATS,
  parseImportDate,
} from '../../../src/shared/domain/import-cells';
import {
  IMPORT_CHANNEL_PATTERN,
  importChannelId,
  importMaxBytesFrom,
} from '../../../src/shared/domain/import-limits';
import {
  checkMapping,
  chooseColumnField,
  guessMapping,
  IMPORT_SKIP,
} from '../../../src/shared/domain/import-mapping';
import { importFinished, planChunks, prepareImportRows } from '../../../src/shared/domain/import-plan';
import { mappingProblemText } from '../../../src/shared/domain/import-problems';
import { format, messages } from '../../../src/shared/i18n/messages';

describe('cell cleaning (see docs/requirements.md#money-importer-and-lead-input)', () => {
  it('keeps Turkish letters, digits and basic punctuation, drops control characters and symbols', () => {
    expect(cleanImportCell('  Şükrü Çağlayan\u0000\u0007 😀 ')).toBe('Şükrü Çağlayan');
    expect(cleanImportCell('İĞÜŞÖÇ ığüşöç 0-9 (a), b; c: "d" e-posta@x.com\r\nikinci')).toBe(
      'İĞÜŞÖÇ ığüşöç 0-9 (a), b; c: "d" e-posta@x.com\nikinci',
    );
    expect(cleanImportCell('=1+2')).toBe('=1+2');
  });
});

describe('date columns (see docs/requirements.md#money-importer-and-lead-input: eight formats, sent as YYYY-MM-DD)', () => {
  it('has the eight formats of the spec, then the Turkish ones', () => {
    expect(IMPORT_DATE_FORMATS).toEqual([
      'DD/MM/YY',
      'MM/DD/YY',
      'DD-MM-YY',
      'MM-DD-YY',
      'YYYY-MM-DD',
      'YYYY-DD-MM',
      'YYYY/DD/MM',
      'YYYY/MM/DD',
      'DD.MM.YYYY',
      'DD.MM.YY',
      'D.M.YYYY',
      'DD.MM.YYYY HH:mm',
    ]);
  });

  it.each([
    ['25/03/96', 'DD/MM/YY', '1996-03-25'],
    ['25/03/1996', 'DD/MM/YY', '1996-03-25'],
    ['03/25/96', 'MM/DD/YY', '1996-03-25'],
    ['5-1-01', 'DD-MM-YY', '2001-01-05'],
    ['1-5-01', 'MM-DD-YY', '2001-01-05'],
    ['2024-02-29', 'YYYY-MM-DD', '2024-02-29'],
    ['2024-29-02', 'YYYY-DD-MM', '2024-02-29'],
    ['2024/29/02', 'YYYY/DD/MM', '2024-02-29'],
    ['2024/02/29 10:00', 'YYYY/MM/DD', '2024-02-29'],
  ] as const)('%s in %s is %s', (text, dateFormat, iso) => {
    expect(parseImportDate(text, dateFormat)).toBe(iso);
  });

  it('refuses impossible dates and the wrong separator', () => {
    expect(parseImportDate('31/02/96', 'DD/MM/YY')).toBeNull();
    expect(parseImportDate('25-03-96', 'DD/MM/YY')).toBeNull();
    expect(parseImportDate('2023-02-29', 'YYYY-MM-DD')).toBeNull();
    expect(parseImportDate('13/13/13', 'MM/DD/YY')).toBeNull();
  });

  it('guesses the first format every sample reads in', () => {
    expect(guessImportDateFormat(['25/03/96', '31/12/01'])).toBe('DD/MM/YY');
    expect(guessImportDateFormat(['03/25/96'])).toBe('MM/DD/YY');
    expect(guessImportDateFormat(['Ankara'])).toBeNull();
  });
});

describe('column mapping (see docs/requirements.md#money-importer-and-lead-input)', () => {
  const fields = [
    { name: 'name', display_name: 'Ad Soyad' },
    { name: 'phone', display_name: 'Telefon' },
    { name: 'birthday', display_name: 'Doğum Tarihi' },
  ];

  it('guesses by Turkish label or field name, case and Turkish letters aside', () => {
    expect(guessMapping(['AD SOYAD', 'telefon', 'DOĞUM TARİHİ', 'Kaynak', 'phone'], fields)).toEqual([
      'name',
      'phone',
      'birthday',
      null,
      null,
    ]);
  });

  it('a field chosen in one column leaves the others; skip may be on many', () => {
    expect(chooseColumnField(['name', 'phone', null], 2, 'phone')).toEqual(['name', null, 'phone']);
    expect(chooseColumnField([IMPORT_SKIP, 'phone', null], 2, IMPORT_SKIP)).toEqual([
      IMPORT_SKIP,
      'phone',
      IMPORT_SKIP,
    ]);
  });

  it('checks columns in the spec order, with its texts', () => {
    const required = [fields[0], fields[1]].filter((field) => field !== undefined);
    expect(checkMapping(1, [null], required)).toEqual({ problem: 'notEnoughColumns' });
    expect(checkMapping(3, ['name', null, IMPORT_SKIP], required)).toEqual({
      problem: 'missingColumns',
      columns: ['Telefon'],
    });
    expect(checkMapping(3, ['name', 'phone', null], required)).toEqual({ problem: 'selectAllColumns' });
    expect(checkMapping(3, ['name', 'phone', IMPORT_SKIP], required)).toBeNull();
    expect(mappingProblemText({ problem: 'notEnoughColumns' })).toEqual({
      text: messages.importNotEnoughColumns,
      english: 'You do not have enough columns',
    });
    expect(mappingProblemText({ problem: 'selectAllColumns' }).english).toBe(
      'You need to select all columns',
    );
  });
});

describe('what is sent', () => {
  const fields = [
    { name: 'name', display_name: 'Ad Soyad', date: false, phone: false },
    { name: 'phone', display_name: 'Telefon', date: false, phone: true },
    { name: 'birthday', display_name: 'Doğum Tarihi', date: true, phone: false },
  ];

  it('sends mapped columns only, dates as YYYY-MM-DD and phones as 10 digits', () => {
    const prepared = prepareImportRows(
      [['Şükrü', 'x', '+90 (532) 111 22 33', '25/03/96']],
      ['name', IMPORT_SKIP, 'phone', 'birthday'],
      fields,
      { birthday: 'DD/MM/YY' },
    );
    expect(prepared).toEqual({
      ok: true,
      columns: ['name', 'phone', 'birthday'],
      rows: [['Şükrü', '5321112233', '1996-03-25']],
      phones: ['5321112233'],
    });
  });

  it('names the row and column of a date that does not fit the format', () => {
    const prepared = prepareImportRows(
      [
        ['A', '1', '25/03/96'],
        ['B', '2', '1996-03-25'],
      ],
      ['name', 'phone', 'birthday'],
      fields,
      {
        birthday: 'DD/MM/YY',
      },
    );
    expect(prepared).toEqual({
      ok: false,
      message: format(messages.importDateInvalid, { row: 3, column: 'Doğum Tarihi', format: 'DD/MM/YY' }),
    });
  });

  it('cuts chunks by rows and by size, the same way every time', () => {
    const rows = Array.from({ length: 12_500 }, (_, i) => [`Kişi ${i}`]);
    expect(planChunks(rows)).toEqual([
      [0, 5000],
      [5000, 10_000],
      [10_000, 12_500],
    ]);
    const wide = Array.from({ length: 10 }, () => ['x'.repeat(300)]);
    expect(planChunks(wide, 2000, 1000)).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
      [9, 10],
    ]);
  });

  it('is finished at 99 % or more', () => {
    expect(importFinished(98, 100)).toBe(false);
    expect(importFinished(99, 100)).toBe(true);
  });

  it('names the upload channel after the file plus 11 random characters, at most 164 long', () => {
    const id = importChannelId('Kampanya Ekim (son).xlsx', 'abc123def45');
    expect(id).toBe('Kampanya_Ekim_son_abc123def45');
    expect(IMPORT_CHANNEL_PATTERN.test(id)).toBe(true);
    const long = importChannelId(`${'ş'.repeat(400)}.csv`, 'abc123def45');
    expect(long.length).toBeLessThanOrEqual(164);
    expect(IMPORT_CHANNEL_PATTERN.test(long)).toBe(true);
  });

  it('reads IMPORT_MAX_BYTES, falling back to the default on nonsense', () => {
    expect(importMaxBytesFrom('1048576')).toBe(1048576);
    expect(importMaxBytesFrom('abc')).toBe(200 * 1024 * 1024);
    expect(importMaxBytesFrom(undefined)).toBe(200 * 1024 * 1024);
  });
});
