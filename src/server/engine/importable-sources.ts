import type { TableDefinition } from './types';

/**
 * The source tables an import may write: the business's data (leads and the rows that belong to them).
 * Accounts, groups, permissions, the menu and the other configuration tables never take a file, whatever
 * a group's excel_import flag says: one row in them changes who may do what (docs/security.md#importer).
 */
const IMPORTABLE_SOURCES: ReadonlySet<string> = new Set(['leads', 'lead_notes', 'lead_remitters']);

export function isImportable(table: Pick<TableDefinition, 'sourceTable' | 'url'>): boolean {
  return table.url === null && IMPORTABLE_SOURCES.has(table.sourceTable);
}
