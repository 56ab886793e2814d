import type { Kysely } from 'kysely';
import { COMPONENT_TYPES, type ComponentType } from '../../shared/domain/constants';
import type { Database } from '../db/schema';
import { loadColumns } from './columns';
import { findTurkishCollation } from './text-collation';
import type { ColumnInfo, FieldDefinition, TableDefinition } from './types';

export interface TableRegistry {
  /** The table registered under `name` (crm_tables.table_name), or undefined. */
  getTable(name: string): Promise<TableDefinition | undefined>;
  /** Every registered table whose source table exists, in menu order (sort, id). */
  listTables(): Promise<readonly TableDefinition[]>;
  /** Drops the cache; the next call reloads crm_tables, crm_fields and the columns. */
  invalidate(): void;
}

export interface RegistryOptions {
  /** Told about registry rows that name missing columns (they are left out, never trusted). */
  onWarning?: (message: string) => void;
  /**
   * How long a loaded registry is trusted. invalidate() covers edits made through this process; the
   * age limit covers edits made on another server node sharing the database. Default one minute.
   */
  maxAgeMs?: number;
}

const DEFAULT_MAX_AGE_MS = 60_000;

const COMPONENTS: ReadonlySet<string> = new Set(COMPONENT_TYPES);
/** Identifiers we are willing to put in SQL at all, on top of being a verified column. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function isComponent(value: string): value is ComponentType {
  return COMPONENTS.has(value);
}

/**
 * id is always listable (see docs/requirements.md#filters-and-list-input: it cannot be unchecked), so a table whose registry rows forgot it
 * still gets one. Metadata id 0 marks it as synthesised.
 */
function syntheticIdField(column: ColumnInfo): FieldDefinition {
  return {
    id: 0,
    name: 'id',
    displayName: 'ID',
    component: 'id',
    category: 'Genel',
    optionListId: null,
    showInsert: 0,
    searchColumn: null,
    sort: -1,
    column,
  };
}

async function loadRegistry(
  db: Kysely<Database>,
  warn: (message: string) => void,
): Promise<Map<string, TableDefinition>> {
  const [tableRows, fieldRows] = await Promise.all([
    db.selectFrom('crm_tables').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('crm_fields').selectAll().orderBy('sort').orderBy('id').execute(),
  ]);
  const sources = [
    ...new Set(tableRows.map((row) => row.source_table).filter((name) => IDENTIFIER.test(name))),
  ];
  const [columnsBySource, turkish] = await Promise.all([loadColumns(db, sources), findTurkishCollation(db)]);

  const tables = new Map<string, TableDefinition>();
  for (const row of tableRows) {
    const columns = columnsBySource.get(row.source_table);
    const idColumn = columns?.get('id');
    if (!columns || !idColumn || !IDENTIFIER.test(row.table_name)) {
      warn(`crm_tables ${row.table_name}: kaynak tablo ${row.source_table} bulunamadı veya id sütunu yok`);
      continue;
    }
    const fields: FieldDefinition[] = [];
    for (const field of fieldRows) {
      if (field.table_name !== row.table_name) continue;
      const column = columns.get(field.name);
      if (!column || !IDENTIFIER.test(field.name)) {
        warn(
          `crm_fields ${row.table_name}.${field.name}: ${row.source_table} tablosunda böyle bir sütun yok`,
        );
        continue;
      }
      if (!isComponent(field.component)) {
        warn(`crm_fields ${row.table_name}.${field.name}: bilinmeyen bileşen ${field.component}`);
        continue;
      }
      let searchColumn = field.search_column;
      if (searchColumn !== null && (!columns.has(searchColumn) || !IDENTIFIER.test(searchColumn))) {
        warn(`crm_fields ${row.table_name}.${field.name}: arama sütunu ${searchColumn} yok, yok sayıldı`);
        searchColumn = null;
      }
      fields.push({
        id: field.id,
        name: field.name,
        displayName: field.display_name,
        component: field.component,
        category: field.category,
        optionListId: field.option_list_id,
        showInsert: field.show_insert === 1 ? 1 : 0,
        searchColumn,
        sortCollation: column.kind === 'text' ? turkish : null,
        sort: field.sort,
        column,
      });
    }
    if (!fields.some((field) => field.name === 'id')) fields.unshift(syntheticIdField(idColumn));
    tables.set(row.table_name, {
      id: row.id,
      name: row.table_name,
      sourceTable: row.source_table,
      baseFilter: row.base_filter,
      displayName: row.name,
      icon: row.icon,
      location: row.location,
      url: row.url,
      sort: row.sort,
      fields,
      fieldsByName: new Map(fields.map((field) => [field.name, field])),
      columns,
    });
  }
  return tables;
}

/**
 * The registry of crm_tables and crm_fields, cached until `invalidate()`. A field whose column does not
 * exist in its source table is dropped here, so every field name the engine ever puts into SQL is both
 * registered and a real column.
 */
export function createTableRegistry(db: Kysely<Database>, options: RegistryOptions = {}): TableRegistry {
  const warn = options.onWarning ?? ((message: string) => process.emitWarning(message, 'CrmRegistry'));
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  let cache: Promise<Map<string, TableDefinition>> | undefined;
  let loadedAt = 0;

  const load = (): Promise<Map<string, TableDefinition>> => {
    if (!cache || Date.now() - loadedAt > maxAgeMs) {
      const loading = loadRegistry(db, warn);
      cache = loading;
      loadedAt = Date.now();
      // A failed load must not stick: the next request tries again.
      loading.catch(() => {
        if (cache === loading) cache = undefined;
      });
    }
    return cache;
  };

  return {
    async getTable(name) {
      return (await load()).get(name);
    },
    async listTables() {
      return [...(await load()).values()];
    },
    invalidate() {
      cache = undefined;
    },
  };
}

const registries = new WeakMap<Kysely<Database>, TableRegistry>();

/**
 * One shared registry per database handle, so that whoever edits crm_tables/crm_fields (admin screens,
 * importer) can call `getTableRegistry(db).invalidate()` and every reader sees the change.
 */
export function getTableRegistry(db: Kysely<Database>): TableRegistry {
  let registry = registries.get(db);
  if (!registry) {
    registry = createTableRegistry(db);
    registries.set(db, registry);
  }
  return registry;
}
