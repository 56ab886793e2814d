import { foldTurkish } from './turkish-fold';

/**
 * Column mapping of the importer (see docs/requirements.md#money-importer-and-lead-input): each file column gets a field of the table or "skip";
 * a field chosen in one column is cleared from the others, except the optional "skip", which any number
 * of columns may carry; the table's required fields must all be mapped.
 */

/** The choice "do not import this column". */
export const IMPORT_SKIP = '-';
/** A column's choice: a field name, IMPORT_SKIP, or null while the user has not chosen. */
export type ColumnChoice = string | null;

export interface MappableField {
  name: string;
  display_name: string;
}

export type MappingProblem =
  | { problem: 'notEnoughColumns' }
  | { problem: 'missingColumns'; columns: string[] }
  | { problem: 'selectAllColumns' };

/** `field` chosen for column `column`: the same field leaves every other column (skip excepted). */
export function chooseColumnField(
  choices: readonly ColumnChoice[],
  column: number,
  field: ColumnChoice,
): ColumnChoice[] {
  return choices.map((current, index) => {
    if (index === column) return field;
    if (field !== null && field !== IMPORT_SKIP && current === field) return null;
    return current;
  });
}

const key = (text: string): string => foldTurkish(text).replace(/[^a-z0-9]/g, '');

/**
 * The first guess of the mapping: a header that names a field (its Turkish label or its name, case,
 * Turkish letters and punctuation aside) gets it; every field is taken once.
 */
export function guessMapping(headers: readonly string[], fields: readonly MappableField[]): ColumnChoice[] {
  const byKey = new Map<string, string>();
  for (const field of fields) {
    for (const text of [field.display_name, field.name]) {
      const folded = key(text);
      if (folded !== '' && !byKey.has(folded)) byKey.set(folded, field.name);
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const name = byKey.get(key(header));
    if (name === undefined || taken.has(name)) return null;
    taken.add(name);
    return name;
  });
}

/** The checks before an upload, in the spec's order; null when the mapping may go. */
export function checkMapping(
  columnCount: number,
  choices: readonly ColumnChoice[],
  required: readonly MappableField[],
): MappingProblem | null {
  if (columnCount < required.length) return { problem: 'notEnoughColumns' };
  const chosen = new Set(choices.filter((choice): choice is string => choice !== null));
  const missing = required.filter((field) => !chosen.has(field.name));
  if (missing.length > 0)
    return { problem: 'missingColumns', columns: missing.map((field) => field.display_name) };
  if (choices.length < columnCount || choices.some((choice) => choice === null))
    return { problem: 'selectAllColumns' };
  return null;
}

/** The mapped columns as sent: field names and, per column, where it is in a file row. */
export function mappedColumns(choices: readonly ColumnChoice[]): { fields: string[]; indexes: number[] } {
  const fields: string[] = [];
  const indexes: number[] = [];
  choices.forEach((choice, index) => {
    if (choice === null || choice === IMPORT_SKIP) return;
    fields.push(choice);
    indexes.push(index);
  });
  return { fields, indexes };
}
