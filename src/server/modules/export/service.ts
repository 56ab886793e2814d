import { createWriteStream } from 'node:fs';
import { MASKED_COMPONENT, maskHidden } from '../../../shared/domain/masking';
import { once } from 'node:events';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { contract, fillPath, type CallResult, type CellValue } from '../../../shared/contract';
import { canExport, EXPORT_MAX_ROWS } from '../../../shared/domain/export';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { toCell } from '../../engine/cells';
import { listWhere, selectFields } from '../../engine/list-query';
import { resolveTableAccess } from '../../engine/permission-resolver';
import { getTableRegistry, type TableRegistry } from '../../engine/registry';
import type { EngineUser, FieldDefinition } from '../../engine/types';
import { openExportRows } from './export-rows';
import type { ExportFileStore, StoredExportFile } from './export-files';
import { loadOptionLabels, type OptionLabels } from './option-labels';
import { toSpreadsheetDate, type SpreadsheetDateKind } from './spreadsheet-dates';
import { writeXlsx, type XlsxCell, type XlsxRow } from './xlsx-writer';
import { DomainError } from '../../domain-errors';

type ExportBody = z.output<(typeof contract)['exportTable']['body']>;
type ExportAnswer = CallResult<'exportTable'>;

export interface ExportService {
  /** POST /export/{table}: writes the xlsx and answers where to download it. */
  exportTable(user: EngineUser, table: string, body: ExportBody): Promise<ExportAnswer>;
  /** GET /export/file/{id}: the user's own, unexpired file; 404 otherwise. */
  openFile(user: EngineUser, id: string): Promise<StoredExportFile>;
}

export interface ExportServiceOptions {
  registry?: TableRegistry;
  files: ExportFileStore;
  maxRows?: number;
  /** Exports running at once; more wait their turn, so memory and database load stay bounded. */
  concurrency?: number;
  now?: () => Date;
  batchSize?: number;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `{table}-{YYYYMMDD-HHmm}.xlsx` in the server's local time. Table names are [a-z0-9_], safe in a header. */
export function exportFileName(table: string, at: Date): string {
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}`;
  return `${table}-${stamp}.xlsx`;
}

/** A tiny FIFO semaphore: the n+1st export waits for one of the first n to finish. */
function createLimiter(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** Widths by what a column holds, so names and dates are readable without resizing every column. */
const WIDTH_BY_COMPONENT: Partial<Record<FieldDefinition['component'], number>> = {
  id: 10,
  lead_id: 10,
  integer: 10,
  double: 12,
  status: 10,
  date: 20,
  birthday: 14,
  name: 28,
  email: 30,
  textField: 50,
  json: 40,
  selectbox: 22,
  leadStatus: 22,
};

function columnWidth(field: FieldDefinition): number {
  return Math.max(WIDTH_BY_COMPONENT[field.component] ?? 18, field.displayName.length + 4);
}

/** How one column's values are written: as text/numbers, as option labels, as Evet/Hayır, or as dates. */
const PLAIN = { kind: 'plain' } as const;

export type ExportCellKind =
  | { kind: 'plain' }
  | { kind: 'labels'; labels: OptionLabels }
  | { kind: 'flag' }
  | { kind: 'date'; date: SpreadsheetDateKind }
  | { kind: 'masked' };

/**
 * The kind of a field's cells: date and timestamp columns become spreadsheet dates (sortable and
 * filterable as dates, shown in Turkish format), a status field without an option list is a 0/1 flag
 * (is_customer, active) written Evet/Hayır as the screens show it, an option-list field its labels.
 */
export function exportCellKind(field: FieldDefinition, labels: OptionLabels | undefined): ExportCellKind {
  // A clickShow field (T.C.) leaves the server masked in a file as on every screen (docs/user-guide.md#maskeli-alanlar).
  if (field.component === MASKED_COMPONENT) return { kind: 'masked' };
  if (field.column.kind === 'timestamp') return { kind: 'date', date: 'datetime' };
  if (field.column.kind === 'date') return { kind: 'date', date: 'date' };
  if (field.optionListId !== null) return labels ? { kind: 'labels', labels } : { kind: 'plain' };
  if (field.component === 'status') return { kind: 'flag' };
  return { kind: 'plain' };
}

function flagLabel(cell: CellValue): CellValue {
  if (cell === 1 || cell === true || cell === '1') return messages.flagYes;
  if (cell === 0 || cell === false || cell === '0') return messages.flagNo;
  return cell;
}

/** A cell as the export writes it; what does not fit its kind (a stray value) stays as the API answers it. */
export function exportCell(value: unknown, how: ExportCellKind): XlsxCell {
  const cell = toCell(value);
  if (cell === null) return cell;
  switch (how.kind) {
    case 'labels':
      return how.labels.get(String(cell)) ?? cell;
    case 'flag':
      return flagLabel(cell);
    case 'date':
      return typeof cell === 'string' ? (toSpreadsheetDate(cell, how.date) ?? cell) : cell;
    case 'masked':
      return typeof cell === 'string' || typeof cell === 'number' ? maskHidden(String(cell)) : cell;
    case 'plain':
      return cell;
  }
}

export function createExportService(db: Kysely<Database>, options: ExportServiceOptions): ExportService {
  const registry = options.registry ?? getTableRegistry(db);
  const { files } = options;
  const maxRows = options.maxRows ?? EXPORT_MAX_ROWS;
  const now = options.now ?? (() => new Date());
  const limit = createLimiter(options.concurrency ?? 2);

  async function write(user: EngineUser, table: string, body: ExportBody): Promise<ExportAnswer> {
    const access = await resolveTableAccess(db, registry, user, table);
    if (!canExport(user.department, access.flags)) throw DomainError.forbidden(messages.forbidden);
    const request = body ?? { filters: [] };
    // The columns the user sees, cut down to what they may list; id always first (as in the list).
    const fields: FieldDefinition[] = selectFields(access, request.fields);
    const names = fields.map((field) => field.name);
    // 400 for a filter on an unknown or hidden field, or a value that does not fit (filter compiler).
    const where = listWhere(access, request.filters);
    const source = await openExportRows(db, access, {
      names,
      where,
      sort: request.sort,
      maxRows,
      batchSize: options.batchSize,
    });
    if (source.total === 0) return { success: false, excelFiles: [], msg: messages.exportFailed };
    if (source.total > maxRows) {
      return {
        success: false,
        excelFiles: [],
        msg: format(messages.exportTooManyRows, { max: maxRows.toLocaleString('tr-TR') }),
      };
    }

    const labelsByList = await loadOptionLabels(
      db,
      fields.flatMap((field) => (field.optionListId === null ? [] : [field.optionListId])),
    );
    const kinds = fields.map((field) =>
      exportCellKind(field, field.optionListId === null ? undefined : labelsByList.get(field.optionListId)),
    );
    async function* rows(): AsyncGenerator<XlsxRow> {
      for await (const batch of source.batches()) {
        for (const row of batch) yield names.map((name, i) => exportCell(row[name], kinds[i] ?? PLAIN));
      }
    }

    const { id, partPath } = await files.reserve();
    const createdAt = now();
    try {
      const output = createWriteStream(partPath, { mode: 0o600 });
      const written = await writeXlsx(
        output,
        {
          name: access.table.displayName,
          columns: fields.map((field) => ({ header: field.displayName, width: columnWidth(field) })),
          rows: rows(),
        },
        { date: createdAt },
      );
      // rename after the descriptor is closed: Windows refuses to move an open file.
      if (!output.closed) await once(output, 'close');
      const fileName = exportFileName(access.table.name, createdAt);
      await files.commit(id, {
        userId: user.id,
        table: access.table.name,
        fileName,
        rows: written.rows,
        createdAt: createdAt.getTime(),
      });
      return {
        success: true,
        excelFiles: [{ name: fileName, url: fillPath(contract.exportFile.path, { name: id }).path }],
      };
    } catch (error) {
      await files.discard(id);
      throw error;
    }
  }

  return {
    exportTable: (user, table, body) => limit(() => write(user, table, body)),

    async openFile(user, id) {
      const file = await files.find(id, user.id);
      if (!file) throw DomainError.notFound(messages.exportFileNotFound);
      return file;
    },
  };
}
