import type { Writable } from 'node:stream';
import { isSpreadsheetDate, SPREADSHEET_DATE_FORMATS, type SpreadsheetDate } from './spreadsheet-dates';
import { createZipWriter, type ZipWriterOptions } from './zip-writer';
import { columnLetters, needsPreserve, xmlAttribute, xmlText } from './xml-text';

/**
 * A streaming .xlsx writer. SheetJS builds the whole workbook in memory, which a million-row export
 * cannot afford, so the few OOXML parts are written here by hand: the worksheet row by row with inline
 * strings (t="inlineStr": no shared-string table to keep in memory), zipped as it goes (zip-writer.ts).
 * The result opens in Excel, LibreOffice and SheetJS (see tests/unit/server/xlsx-writer.test.ts).
 */

/** A SpreadsheetDate is written as a number with a Turkish date format, so it is a real date cell. */
export type XlsxCell = string | number | boolean | SpreadsheetDate | null | undefined;
export type XlsxRow = readonly XlsxCell[];

export interface XlsxColumn {
  header: string;
  /** Column width in characters; default from the header's length. */
  width?: number;
}

export interface XlsxSheet {
  /** Sheet tab name; cleaned to Excel's rules (31 characters, no []:*?/\). */
  name: string;
  columns: readonly XlsxColumn[];
  rows: Iterable<XlsxRow> | AsyncIterable<XlsxRow>;
}

export interface XlsxResult {
  /** Data rows written (the header row not counted). */
  rows: number;
  bytes: number;
}

/** Excel's limits: longer cell text makes it "repair" the file, more rows it cannot show. */
export const XLSX_MAX_CELL_TEXT = 32_767;
export const XLSX_MAX_ROWS = 1_048_576;
export const XLSX_MAX_COLUMNS = 16_384;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Writing to the zip in pieces of about this many characters keeps the per-chunk overhead negligible. */
const FLUSH_AT = 64 * 1024;

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS_PACKAGE_REL}">` +
  `<Relationship Id="rId1" Type="${REL_TYPE}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS_PACKAGE_REL}">` +
  `<Relationship Id="rId1" Type="${REL_TYPE}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_TYPE}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Custom number formats start at 164; 0-163 are Excel's built-in ones. */
const DATE_FORMAT_ID = 164;
const DATE_TIME_FORMAT_ID = 165;

/** Indexes into cellXfs below. */
const STYLE_HEADER = 1;
const STYLE_OF_DATE: Readonly<Record<SpreadsheetDate['kind'], number>> = { date: 2, datetime: 3 };

/** Style 0 is the default; 1 (bold) is the header row; 2 and 3 are dates and date-times. */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
  `<numFmts count="2"><numFmt numFmtId="${DATE_FORMAT_ID}" formatCode="${SPREADSHEET_DATE_FORMATS.date}"/>` +
  `<numFmt numFmtId="${DATE_TIME_FORMAT_ID}" formatCode="${SPREADSHEET_DATE_FORMATS.datetime}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  `<xf numFmtId="${DATE_FORMAT_ID}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
  `<xf numFmtId="${DATE_TIME_FORMAT_ID}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>` +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Excel's rules for a sheet name; an empty result falls back to 'Sayfa1'. */
export function sheetName(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31)
    .trim();
  return cleaned === '' ? 'Sayfa1' : cleaned;
}

function workbookXml(name: string): string {
  return (
    `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    `<sheets><sheet name="${xmlAttribute(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets>` +
    '</workbook>'
  );
}

function columnWidth(column: XlsxColumn): number {
  const width = column.width ?? column.header.length + 4;
  return Math.min(80, Math.max(8, Math.round(width)));
}

function inlineString(ref: string, text: string, style: string): string {
  const value = text.length > XLSX_MAX_CELL_TEXT ? text.slice(0, XLSX_MAX_CELL_TEXT) : text;
  const space = needsPreserve(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

/** One cell; empty values (null, undefined, '', NaN) write no cell at all, which is Excel's empty. */
function cellXml(ref: string, value: XlsxCell, style = ''): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (isSpreadsheetDate(value)) {
    return Number.isFinite(value.serial)
      ? `<c r="${ref}" s="${STYLE_OF_DATE[value.kind]}"><v>${value.serial}</v></c>`
      : '';
  }
  return inlineString(ref, value, style);
}

function rowXml(letters: readonly string[], rowNumber: number, row: XlsxRow, style = ''): string {
  let xml = `<row r="${rowNumber}">`;
  const count = Math.min(row.length, letters.length);
  for (let i = 0; i < count; i += 1) xml += cellXml(`${letters[i]}${rowNumber}`, row[i], style);
  return `${xml}</row>`;
}

function sheetStart(columns: readonly XlsxColumn[]): string {
  const cols = columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${columnWidth(column)}" customWidth="1"/>`)
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    // The header row stays in view while scrolling.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols === '' ? '' : `<cols>${cols}</cols>`) +
    '<sheetData>'
  );
}

/**
 * Writes one workbook with one sheet to `output` and ends it. Rows are pulled from `sheet.rows` only as
 * fast as the output takes them (back-pressure through the zip and deflate streams), so memory stays
 * flat however many rows there are.
 */
export async function writeXlsx(
  output: Writable,
  sheet: XlsxSheet,
  options: ZipWriterOptions = {},
): Promise<XlsxResult> {
  if (sheet.columns.length > XLSX_MAX_COLUMNS) throw new RangeError('Too many columns for one sheet');
  const letters = sheet.columns.map((_column, i) => columnLetters(i));
  const zip = createZipWriter(output, options);
  let rows = 0;

  async function* worksheet(): AsyncGenerator<string> {
    let buffer = sheetStart(sheet.columns);
    buffer += rowXml(
      letters,
      1,
      sheet.columns.map((column) => column.header),
      ` s="${STYLE_HEADER}"`,
    );
    for await (const row of sheet.rows) {
      if (rows + 1 >= XLSX_MAX_ROWS) throw new RangeError('Too many rows for one sheet');
      rows += 1;
      buffer += rowXml(letters, rows + 1, row);
      if (buffer.length >= FLUSH_AT) {
        yield buffer;
        buffer = '';
      }
    }
    yield `${buffer}</sheetData></worksheet>`;
  }

  // The order of parts does not matter to readers; [Content_Types].xml first is what Office writes.
  await zip.addEntry('[Content_Types].xml', CONTENT_TYPES);
  await zip.addEntry('_rels/.rels', ROOT_RELS);
  await zip.addEntry('xl/workbook.xml', workbookXml(sheet.name));
  await zip.addEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.addEntry('xl/styles.xml', STYLES);
  await zip.addEntry('xl/worksheets/sheet1.xml', worksheet());
  await zip.finish();
  return { rows, bytes: zip.bytesWritten };
}
