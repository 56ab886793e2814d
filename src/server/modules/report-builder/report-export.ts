import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import {
  contract,
  fillPath,
  type AggregateResult,
  type CallResult,
  type ListResult,
} from '../../../shared/contract';
import { type ExportFileStore, type XlsxCell, type XlsxRow, exportFileName, writeXlsx } from '../export';
import { reportBuilderMessages as texts } from '../../../shared/i18n/report-builder-messages';

/** A count or sum as a spreadsheet number (Excel holds doubles; the app shows the exact text). */
const numberCell = (text: string | undefined): XlsxCell => (text === undefined ? null : Number(text));

export interface ReportSheet {
  title: string;
  columns: string[];
  rows: XlsxRow[];
}

/** The pivoted table as the screen shows it: x value, one column per series, the row's total. */
export function aggregateSheet(title: string, result: AggregateResult): ReportSheet {
  return {
    title,
    columns: [result.xLabel, ...result.series.map((series) => series.label), texts.total],
    rows: result.rows.map((row) => [
      row.label,
      ...result.series.map((series) => numberCell(row.cells[series.key])),
      numberCell(row.total),
    ]),
  };
}

export function listSheet(title: string, result: ListResult): ReportSheet {
  return {
    title,
    columns: result.fields.map((field) => field.label),
    rows: result.rows.map((row) => result.fields.map((field) => row[field.name] ?? null)),
  };
}

/** Writes the sheet into the user's export files; downloaded through GET /export/file/{name}. */
export async function writeReportFile(
  files: ExportFileStore,
  userId: number,
  table: string,
  sheet: ReportSheet,
): Promise<CallResult<'reportBuilderExport'>> {
  const { id, partPath } = await files.reserve();
  const createdAt = new Date();
  try {
    const output = createWriteStream(partPath, { mode: 0o600 });
    const written = await writeXlsx(
      output,
      { name: sheet.title, columns: sheet.columns.map((header) => ({ header })), rows: sheet.rows },
      { date: createdAt },
    );
    // Renamed once closed: Windows refuses to move an open file.
    if (!output.closed) await once(output, 'close');
    const fileName = exportFileName(`rapor-${table}`, createdAt);
    await files.commit(id, { userId, table, fileName, rows: written.rows, createdAt: createdAt.getTime() });
    return {
      success: true,
      excelFiles: [{ name: fileName, url: fillPath(contract.exportFile.path, { name: id }).path }],
    };
  } catch (error) {
    await files.discard(id);
    throw error;
  }
}
