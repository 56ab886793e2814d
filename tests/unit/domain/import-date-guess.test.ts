import { describe, expect, it } from 'vitest';
import { guessImportDateFormat, parseImportDate } from '../../../src/shared/domain/import-cells';
import { prepareImportRows } from '../../../src/shared/domain/import-plan';

describe('Turkish date cells (see docs/user-guide.md#importing-leads)', () => {
  it.each([
    ['31.12.2025', 'DD.MM.YYYY', '2025-12-31'],
    ['1.2.2025', 'DD.MM.YYYY', '2025-02-01'],
    ['31.12.25', 'DD.MM.YY', '2025-12-31'],
    ['31.12.1996', 'DD.MM.YY', '1996-12-31'],
    ['01.02.70', 'DD.MM.YY', '1970-02-01'],
    ['1.2.2025', 'D.M.YYYY', '2025-02-01'],
    ['31.12.2025 14:05', 'DD.MM.YYYY HH:mm', '2025-12-31 14:05'],
    ['31.12.2025 9:05', 'DD.MM.YYYY HH:mm', '2025-12-31 09:05'],
    ['31.12.2025 14:05:59', 'DD.MM.YYYY HH:mm', '2025-12-31 14:05'],
    ['31.12.2025 14:05', 'DD.MM.YYYY', '2025-12-31'],
  ] as const)('%s in %s is %s', (text, dateFormat, iso) => {
    expect(parseImportDate(text, dateFormat)).toBe(iso);
  });

  it.each([
    ['31.12.25', 'DD.MM.YYYY'],
    ['31.12.25', 'D.M.YYYY'],
    ['31/12/2025', 'DD.MM.YYYY'],
    ['30.02.2025', 'DD.MM.YYYY'],
    ['12.31.2025', 'DD.MM.YYYY'],
    ['31.12.2025', 'DD.MM.YYYY HH:mm'],
    ['31.12.2025 24:00', 'DD.MM.YYYY HH:mm'],
    ['31.12.2025 14:60', 'DD.MM.YYYY HH:mm'],
    ['2025.12.31', 'DD.MM.YYYY'],
  ] as const)('%s is not %s', (text, dateFormat) => {
    expect(parseImportDate(text, dateFormat)).toBeNull();
  });
});

describe('the date-format guesser', () => {
  it.each([
    [['31.12.2025', '01.02.2024'], 'DD.MM.YYYY'],
    [['31.12.25', '01.02.24'], 'DD.MM.YY'],
    [['1.2.2025', '15.3.2024', '7.11.2023'], 'D.M.YYYY'],
    [['01.02.2025', '1.2.2025'], 'D.M.YYYY'],
    [['31.12.2025 14:05', '01.01.2026 09:30'], 'DD.MM.YYYY HH:mm'],
    [['25/03/96', '31/12/01'], 'DD/MM/YY'],
    [['03/25/96'], 'MM/DD/YY'],
    [['2025-12-31', '2024-01-02'], 'YYYY-MM-DD'],
    [['2025-31-12'], 'YYYY-DD-MM'],
    [['', ' ', '31.12.2025'], 'DD.MM.YYYY'],
  ] as const)('%j is %s', (samples, expected) => {
    expect(guessImportDateFormat(samples)).toBe(expected);
  });

  it('prefers the day first when both read (a Turkish file)', () => {
    expect(guessImportDateFormat(['01/02/25'])).toBe('DD/MM/YY');
    expect(guessImportDateFormat(['01.02.2025'])).toBe('DD.MM.YYYY');
  });

  it('answers null for cells no format reads, or none at all', () => {
    expect(guessImportDateFormat(['Ankara'])).toBeNull();
    expect(guessImportDateFormat(['31.12.2025', 'yarın'])).toBeNull();
    expect(guessImportDateFormat(['', '  '])).toBeNull();
  });
});

describe('a Turkish date column on its way to the server', () => {
  const fields = [
    { name: 'name', display_name: 'Ad Soyad', date: false, phone: false },
    { name: 'birthday', display_name: 'Doğum Tarihi', date: true, phone: false },
    { name: 'created_at', display_name: 'Kayıt Tarihi', date: true, phone: false },
  ];

  it('sends DD.MM.YYYY as YYYY-MM-DD and keeps the time of DD.MM.YYYY HH:mm', () => {
    const prepared = prepareImportRows(
      [['Ayşe Çelik', '31.12.1990', '01.06.2025 14:05']],
      ['name', 'birthday', 'created_at'],
      fields,
      { birthday: 'DD.MM.YYYY', created_at: 'DD.MM.YYYY HH:mm' },
    );
    expect(prepared).toMatchObject({ ok: true, rows: [['Ayşe Çelik', '1990-12-31', '2025-06-01 14:05']] });
  });

  it('names the row, the column and the format of a cell that is not in it', () => {
    const prepared = prepareImportRows(
      [['Ayşe', '31/12/1990', '']],
      ['name', 'birthday', 'created_at'],
      fields,
      {
        birthday: 'DD.MM.YYYY',
      },
    );
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.message).toContain('DD.MM.YYYY');
  });
});
