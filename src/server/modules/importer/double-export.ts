import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { sql, type Kysely } from 'kysely';
import { contract, DOUBLE_EXPORT_MAX_IDS, fillPath, type CallResult } from '../../../shared/contract';
import { canExport } from '../../../shared/domain/export';
import { messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { FilterCondition } from '../../engine/filter-compiler';
import { listWhere, selectFields } from '../../engine/list-query';
import { resolveTableAccess } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import { and, column } from '../../engine/sql-helpers';
import type { EngineUser } from '../../engine/types';
import {
  type ExportFileStore,
  type XlsxRow,
  exportCell,
  exportCellKind,
  exportFileName,
  loadOptionLabels,
  openExportRows,
  writeXlsx,
} from '../export';

export interface DoubleExporter {
  /** POST /export/double/{table}: the given leads (those of the user's rows) as an xlsx to download. */
  write(user: EngineUser, table: string, ids: readonly number[]): Promise<CallResult<'exportDouble'>>;
  /**
   * The rows of a list (its filters, inside the user's rows) whose phone another lead of the user's rows
   * has too: the list's duplicates, as the list screen exports them (see docs/api-conformance.md).
   */
  duplicateIds(user: EngineUser, table: string, filters: readonly FilterCondition[]): Promise<number[]>;
}

/** The numbers a duplicate shares; all of them must be listable, or a match would reveal a hidden one. */
const PHONE_FIELDS = ['phone', 'phone_2', 'mobile'];

/**
 * The duplicated rows of an import as the list export writes them (the user's listable fields, option
 * labels, dates as dates, every text an inline string, so a cell starting with = + - @ is never a
 * formula), into the export file store: the download is the ordinary GET /export/file/{id}.
 */
export function createDoubleExporter(
  db: Kysely<Database>,
  registry: TableRegistry,
  files: ExportFileStore,
): DoubleExporter {
  return {
    async duplicateIds(user, table, filters) {
      const access = await resolveTableAccess(db, registry, user, table);
      if (!canExport(user.department, access.flags)) throw DomainError.forbidden(messages.forbidden);
      if (!access.table.columns.has('phones_normalized')) throw DomainError.invalid(messages.exportFailed);
      if (PHONE_FIELDS.some((name) => !access.listableNames.has(name))) {
        throw DomainError.forbidden(messages.forbidden);
      }
      const source = sql.id(access.table.sourceTable);
      // Unqualified columns of the inner scope resolve to the other lead ("o"), those of the outer
      // condition to the list's row: the same scope text serves both.
      const { rows } = await sql<{ id: number }>`
        select t.id from ${source} as t
        where ${listWhere(access, filters)}
          and t.phones_normalized <> '{}'
          and exists (
            select 1 from ${source} as o
            where o.id <> t.id and o.phones_normalized && t.phones_normalized and ${access.scope})
        order by t.id limit ${DOUBLE_EXPORT_MAX_IDS}`.execute(db);
      return rows.map((row) => Number(row.id));
    },

    async write(user, table, ids) {
      const access = await resolveTableAccess(db, registry, user, table);
      if (!canExport(user.department, access.flags)) throw DomainError.forbidden(messages.forbidden);
      const fields = selectFields(access, undefined);
      const names = fields.map((field) => field.name);
      const where = and([listWhere(access, []), sql<boolean>`${column('id')} = any(${[...ids]}::int8[])`]);
      const source = await openExportRows(db, access, { names, where, maxRows: ids.length });
      if (source.total === 0) return { success: false, excelFiles: [], msg: messages.exportFailed };
      const labels = await loadOptionLabels(
        db,
        fields.flatMap((field) => (field.optionListId === null ? [] : [field.optionListId])),
      );
      const kinds = fields.map((field) =>
        exportCellKind(field, field.optionListId === null ? undefined : labels.get(field.optionListId)),
      );
      async function* rows(): AsyncGenerator<XlsxRow> {
        for await (const batch of source.batches()) {
          for (const row of batch)
            yield names.map((name, i) => exportCell(row[name], kinds[i] ?? { kind: 'plain' }));
        }
      }
      const { id, partPath } = await files.reserve();
      const createdAt = new Date();
      try {
        const output = createWriteStream(partPath, { mode: 0o600 });
        const written = await writeXlsx(
          output,
          {
            name: access.table.displayName,
            columns: fields.map((field) => ({
              header: field.displayName,
              width: Math.max(18, field.displayName.length + 4),
            })),
            rows: rows(),
          },
          { date: createdAt },
        );
        if (!output.closed) await once(output, 'close');
        const fileName = exportFileName(`${access.table.name}-double`, createdAt);
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
    },
  };
}
