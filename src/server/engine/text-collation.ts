import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FieldDefinition } from './types';
import { column } from './sql-helpers';

/**
 * ICU's Turkish collations as PostgreSQL names them, preferred first. Migration 020 builds the name
 * index with the first one present, so list, next-lead and index agree on one.
 */
export const TURKISH_COLLATIONS = ['tr-x-icu', 'tr-TR-x-icu'] as const;

/**
 * The Turkish collation this database offers, or null (a server built without ICU, PGlite): then names
 * sort by their folded shadow column instead, which is case-insensitive but puts Ç with C, Ş with S.
 */
export async function findTurkishCollation<DB>(db: Kysely<DB>): Promise<string | null> {
  const { rows } = await sql<{ collname: string }>`select collname from pg_collation
    where collname in (${sql.join([...TURKISH_COLLATIONS])})`.execute(db);
  const present = new Set(rows.map((row) => row.collname));
  return TURKISH_COLLATIONS.find((name) => present.has(name)) ?? null;
}

/**
 * What a list orders a field by: text in Turkish alphabetical order (C < Ç, I < İ, O < Ö) where the
 * database has the collation, else the folded shadow column where there is one, else the column.
 */
export function sortKey(field: FieldDefinition): RawBuilder<unknown> {
  if (field.sortCollation) return sql`${column(field.name)} collate ${sql.id(field.sortCollation)}`;
  return column(field.searchColumn ?? field.name);
}
