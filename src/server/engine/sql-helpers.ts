import { sql, type RawBuilder } from 'kysely';
import { TURKISH_FOLD_FROM, TURKISH_FOLD_TO } from '../../shared/domain/turkish-fold';

/** A boolean SQL condition built by the engine: identifiers from the registry, values as parameters. */
export type Condition = RawBuilder<boolean>;

export const TRUE_CONDITION: Condition = sql<boolean>`true`;

/** A registered column, quoted as one identifier (never split on dots). */
export function column(name: string): RawBuilder<unknown> {
  return sql.id(name);
}

export function and(conditions: readonly Condition[]): Condition {
  if (conditions.length === 0) return TRUE_CONDITION;
  if (conditions.length === 1 && conditions[0]) return conditions[0];
  return sql<boolean>`(${sql.join(conditions, sql` and `)})`;
}

export function or(conditions: readonly Condition[]): Condition {
  if (conditions.length === 0) return sql<boolean>`false`;
  if (conditions.length === 1 && conditions[0]) return conditions[0];
  return sql<boolean>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * A NUMERIC sum as text with at least two decimals and none of its trailing zeros beyond them. A sum takes
 * the largest scale of what it adds up, so the same amount would read 100, 100.00 or 100.000 depending on
 * the rows (or monthly totals) it came from; this reads 100.00 from all of them.
 */
export function decimalText(expression: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`round(${expression}, greatest(2, scale(trim_scale(${expression}))))::text`;
}

export function not(condition: Condition): Condition {
  return sql<boolean>`(not ${condition})`;
}

/**
 * The Turkish fold in SQL, character for character the one the generated search columns use
 * (migration 001), for columns that have no folded shadow column.
 */
export function foldedText(expression: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`lower(translate(${expression}::text, ${TURKISH_FOLD_FROM}, ${TURKISH_FOLD_TO}))`;
}

/**
 * `text LIKE pattern` with backslash as the escape character. The pattern also goes through SQL lower()
 * so both sides are lower-cased by the same function (JS and the database differ beyond A-Z); on a
 * parameter that folds to a constant at plan time, so the trigram index still applies.
 */
export function likePattern(text: RawBuilder<unknown>, pattern: string): Condition {
  return sql<boolean>`${text} like lower(${pattern}) escape '\\'`;
}
