import type { AggregateResult, CellValue, ListResult } from '../../../shared/contract';
import { formatDateTimeTr, formatDateTr } from '../../../shared/domain/date-ranges';
import { formatDecimalTr } from '../../../shared/domain/decimal';
import { reportBuilderMessages as texts } from '../../../shared/i18n/report-builder-messages';

/**
 * The report as a ready HTML table (`html` of POST /reportBuilder): what a client of the API shows without
 * reading `return` itself. Every text is escaped; numbers and dates read as the screen shows them.
 * See docs/api-conformance.md#report-builder.
 */

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = headers.map((header) => `<th>${escapeHtml(header)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  return `<table class="report-table"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

const count = (text: string | undefined): string =>
  text === undefined ? '' : (formatDecimalTr(text, text.includes('.') ? 2 : 0) ?? text);

export function aggregateHtml(result: AggregateResult): string {
  return table(
    [result.xLabel, ...result.series.map((series) => series.label), texts.total],
    result.rows.map((row) => [
      row.label,
      ...result.series.map((series) => count(row.cells[series.key])),
      count(row.total),
    ]),
  );
}

/** A list cell: choice fields already carry their labels (the runner reads them). */
function listCell(value: CellValue | undefined, component: string): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (component === 'birthday') return formatDateTr(text) || text;
  if (component === 'date') return formatDateTimeTr(text) || text;
  if (component === 'double') return formatDecimalTr(text) ?? text;
  return text;
}

export function listHtml(result: ListResult): string {
  return table(
    result.fields.map((field) => field.label),
    result.rows.map((row) => result.fields.map((field) => listCell(row[field.name], field.component))),
  );
}
