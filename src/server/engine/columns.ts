import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ColumnInfo, ColumnKind } from './types';

const KIND_BY_TYPE: Readonly<Record<string, ColumnKind>> = {
  smallint: 'integer',
  integer: 'integer',
  bigint: 'integer',
  numeric: 'decimal',
  real: 'decimal',
  'double precision': 'decimal',
  text: 'text',
  'character varying': 'text',
  character: 'text',
  citext: 'text',
  date: 'date',
  'timestamp without time zone': 'timestamp',
  'timestamp with time zone': 'timestamp',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'json',
  ARRAY: 'array',
};

export function columnKind(dataType: string): ColumnKind {
  return KIND_BY_TYPE[dataType] ?? 'other';
}

/** Largest value each integer type takes; bigint is capped to what a JS number holds exactly. */
export function integerRange(dataType: string): number {
  if (dataType === 'smallint') return 32_767;
  if (dataType === 'integer') return 2_147_483_647;
  return Number.MAX_SAFE_INTEGER;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
  column_default: string | null;
  is_generated: string;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

/**
 * The real columns of the given tables, from information_schema, in the schema queries resolve to
 * (current_schema()). This is what makes a registered field name trustworthy as an identifier.
 */
export async function loadColumns(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<Map<string, Map<string, ColumnInfo>>> {
  const byTable = new Map<string, Map<string, ColumnInfo>>();
  if (tables.length === 0) return byTable;
  const { rows } = await sql<ColumnRow>`
    select table_name, column_name, data_type, is_nullable, column_default, is_generated,
      numeric_precision::int as numeric_precision, numeric_scale::int as numeric_scale
    from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(tables)})
    order by table_name, ordinal_position`.execute(db);
  for (const row of rows) {
    let columns = byTable.get(row.table_name);
    if (!columns) {
      columns = new Map();
      byTable.set(row.table_name, columns);
    }
    columns.set(row.column_name, {
      name: row.column_name,
      dataType: row.data_type,
      kind: columnKind(row.data_type),
      nullable: row.is_nullable === 'YES',
      hasDefault: row.column_default !== null,
      generated: row.is_generated === 'ALWAYS' || (row.column_default ?? '').startsWith('nextval('),
      ...(row.data_type === 'numeric' && row.numeric_scale !== null
        ? { scale: row.numeric_scale, wholeDigits: (row.numeric_precision ?? 0) - row.numeric_scale }
        : {}),
    });
  }
  return byTable;
}
