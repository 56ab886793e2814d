import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { toSpreadsheetDate } from '../../../src/server/modules/export/spreadsheet-dates';
import { writeXlsx } from '../../../src/server/modules/export/xlsx-writer';

describe('toSpreadsheetDate', () => {
  it('counts days from 1899-12-30 and the time of day as the fraction', () => {
    expect(toSpreadsheetDate('1900-03-01', 'date')).toEqual({ kind: 'date', serial: 61 });
    expect(toSpreadsheetDate('2025-03-01', 'date')).toEqual({ kind: 'date', serial: 45717 });
    expect(toSpreadsheetDate('2025-03-01 12:00:00', 'datetime')).toEqual({
      kind: 'datetime',
      serial: 45717.5,
    });
    expect(toSpreadsheetDate('2025-03-01T06:00', 'datetime')?.serial).toBe(45717.25);
    expect(toSpreadsheetDate('2024-02-29 23:59:59.5', 'datetime')?.serial).toBeCloseTo(
      45351 + 86_399.5 / 86_400,
      9,
    );
  });

  it('keeps only the day for a date column', () => {
    expect(toSpreadsheetDate('2025-03-01 18:30:00', 'date')).toEqual({ kind: 'date', serial: 45717 });
  });

  it.each([
    '2025-02-29',
    '2025-13-01',
    '2025-04-31 10:00:00',
    '2025-01-01 24:00:00',
    '1900-02-28',
    'dün',
    '',
  ])('leaves %o to the caller (not a real date, or before Excel serials are exact)', (text) => {
    expect(toSpreadsheetDate(text, 'datetime')).toBeNull();
  });
});

async function xlsxWithDates(): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeXlsx(output, {
    name: 'T',
    columns: [{ header: 'Gün' }, { header: 'An' }, { header: 'Müşteri' }],
    rows: [
      [toSpreadsheetDate('1990-12-31', 'date'), toSpreadsheetDate('2025-03-01 14:05:09', 'datetime'), 'Evet'],
    ],
  });
  return Buffer.concat(chunks);
}

/** LibreOffice, when installed (apt-get install libreoffice-calc-nogui); the check below needs it. */
function findSoffice(): string | null {
  try {
    return execFileSync('which', ['soffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
const soffice = findSoffice();

describe('date cells in writeXlsx', () => {
  it.runIf(soffice !== null)(
    'open in LibreOffice as dates shown in Turkish format (headless round trip)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'crm-soffice-'));
      try {
        await writeFile(join(dir, 'dates.xlsx'), await xlsxWithDates());
        // Flat ODS keeps both the typed value and the text LibreOffice displays for each cell.
        await promisify(execFile)(
          soffice ?? 'soffice',
          [
            '--headless',
            `-env:UserInstallation=file://${join(dir, 'profile')}`,
            '--convert-to',
            'fods',
            '--outdir',
            join(dir, 'out'),
            join(dir, 'dates.xlsx'),
          ],
          { timeout: 120_000 },
        );
        const fods = await readFile(join(dir, 'out', 'dates.fods'), 'utf8');
        const cell = (value: string): RegExp =>
          new RegExp(
            `office:value-type="date" office:date-value="${value}"[^>]*>\\s*<text:p>([^<]*)</text:p>`,
          );
        expect(cell('1990-12-31').exec(fods)?.[1]).toBe('31.12.1990');
        expect(cell('2025-03-01T14:05:09').exec(fods)?.[1]).toBe('01.03.2025 14:05:09');
        expect(fods).toMatch(/office:value-type="string"[^>]*>\s*<text:p>Evet<\/text:p>/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    150_000,
  );

  it('are numbers with a Turkish date format that spreadsheets read as dates', async () => {
    const file = await xlsxWithDates();
    const sheet = XLSX.read(file, { cellNF: true }).Sheets.T;
    expect(sheet?.A2).toMatchObject({ t: 'n', v: 33238, z: 'dd\\.mm\\.yyyy' });
    expect(sheet?.B2).toMatchObject({ t: 'n', z: 'dd\\.mm\\.yyyy hh:mm:ss' });
    expect(XLSX.SSF.format(String(sheet?.B2?.z), Number(sheet?.B2?.v))).toBe('01.03.2025 14:05:09');
    const dated = XLSX.read(file, { cellDates: true }).Sheets.T;
    expect(dated?.A2).toMatchObject({ t: 'd', v: new Date('1990-12-31T00:00:00Z') });
  });
});
