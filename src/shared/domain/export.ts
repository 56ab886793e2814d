import { stripBidiControls } from './bidi';
/** Excel export rules (see docs/requirements.md#departments-and-permissions, #calls, #messages-the-user-reads), shared by the server, the main process and the renderer. */

/** One export holds at most this many rows: beyond it the user is asked to narrow the filters. */
export const EXPORT_MAX_ROWS = 1_000_000;

/** An export file can be downloaded for this long after it was written; then it is deleted. */
export const EXPORT_FILE_TTL_MS = 60 * 60 * 1000;

/** The table flag the export needs; `MenuTable` and the server's `TableFlags` both carry it. */
export interface ExportFlags {
  excel_export: number;
}

/**
 * docs/requirements.md#departments-and-permissions: department admin enables the Export button; otherwise the table's excel_export flag does.
 * The server applies the same rule, so the button never offers what the server refuses.
 */
export function canExport(
  department: string | null | undefined,
  tableFlags: ExportFlags | null | undefined,
): boolean {
  return department === 'admin' || tableFlags?.excel_export === 1;
}

// Windows refuses these names for files whatever the extension; a suggested name must never be one.
const RESERVED_WINDOWS_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
// Path separators, characters Windows forbids, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARACTERS = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const MAX_FILE_NAME_LENGTH = 150;

/**
 * A file name the server suggested, made safe to put into a save dialog or an <a download>: one name
 * (never a path), no reserved characters, always ending in .xlsx.
 */
export function safeExportFileName(suggested: string, fallback = 'export'): string {
  // Bidi controls would show "rapor‮xslx.exe" as another name than the file gets (see bidi.ts).
  let stem = stripBidiControls(suggested)
    .replace(UNSAFE_FILE_CHARACTERS, '_')
    .replace(/\.xlsx$/i, '')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (stem.length > MAX_FILE_NAME_LENGTH) stem = stem.slice(0, MAX_FILE_NAME_LENGTH);
  if (stem === '') stem = fallback;
  if (RESERVED_WINDOWS_NAMES.test(stem)) stem = `_${stem}`;
  return `${stem}.xlsx`;
}
