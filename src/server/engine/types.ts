import type { CellValue } from '../../shared/contract';
import type { ComponentType } from '../../shared/domain/constants';

/**
 * What the engine needs of the signed-in user. The auth layer's user has more fields; keeping this
 * structural lets the engine be used (and tested) without the auth module.
 */
export interface EngineUser {
  id: number;
  user_group_id: number;
  team_id: number | null;
  department: string;
}

/** How the engine treats a column's values: decides coercion, comparison and text search. */
export type ColumnKind =
  'integer' | 'decimal' | 'text' | 'date' | 'timestamp' | 'boolean' | 'json' | 'array' | 'other';

/** A column of a source table as information_schema describes it. */
export interface ColumnInfo {
  name: string;
  dataType: string;
  kind: ColumnKind;
  nullable: boolean;
  hasDefault: boolean;
  /** Filled by the database (generated column or serial id): read and filtered, never written. */
  generated: boolean;
  /** NUMERIC(p,s): the decimals (s) and whole digits (p - s) it holds; unset for an unbounded NUMERIC. */
  scale?: number;
  wholeDigits?: number;
}

/** One registered field (crm_fields row) joined to the real column it names. */
export interface FieldDefinition {
  id: number;
  name: string;
  displayName: string;
  component: ComponentType;
  category: string;
  optionListId: number | null;
  showInsert: 0 | 1;
  /** A folded shadow column for text filters (leads.name -> name_folded), verified to exist. */
  searchColumn: string | null;
  /**
   * The collation a text field sorts with (ICU Turkish where the database has it); unset or null: the
   * database default (engine/text-collation.ts).
   */
  sortCollation?: string | null;
  sort: number;
  column: ColumnInfo;
}

/** One registered table (crm_tables row) with its verified fields. */
export interface TableDefinition {
  id: number;
  name: string;
  sourceTable: string;
  /** Trusted condition written by us (seed/migrations), e.g. customers: is_customer = 1. */
  baseFilter: string | null;
  displayName: string;
  icon: string | null;
  location: number;
  url: string | null;
  sort: number;
  /** Registered fields in display order; every one is a real column of sourceTable. */
  fields: readonly FieldDefinition[];
  fieldsByName: ReadonlyMap<string, FieldDefinition>;
  /** Every column of the source table, registered or not (for defaults, updated_at, base filter). */
  columns: ReadonlyMap<string, ColumnInfo>;
}

/** What a form sends for one field: a cell, or a list for multi-selects. */
export type WriteInput = CellValue | readonly string[] | undefined;
/** What goes to the database as one parameter. */
export type WriteValue = string | number | boolean | null | readonly string[];

export interface PreparedValue {
  field: FieldDefinition;
  value: WriteValue;
}
