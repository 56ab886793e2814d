/** What other modules use of the export module; they import it from here, never from its files (docs/architecture.md#layers). */
export { type ExportFileStore, createExportFileStore, exportDirectory } from './export-files';
export { openExportRows } from './export-rows';
export { loadOptionLabels } from './option-labels';
export { exportCell, exportCellKind, exportFileName } from './service';
export { xlsxBuffer } from './xlsx-buffer';
export { type XlsxCell, type XlsxColumn, type XlsxRow, type XlsxSheet, writeXlsx } from './xlsx-writer';
