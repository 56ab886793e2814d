import { DEFAULT_COLUMNS, defaultColumnsFor, withIdFirst } from '../../../../../shared/domain';

const FIELD_NAME = /^[a-z][a-z0-9_]{0,62}$/;
/** The contract's limit on requested fields (records.ts listQuerySchema). */
const MAX_COLUMNS = 200;

/** Stored column names from untrusted JSON; null when there is no usable choice (then the defaults apply). */
export function parseColumns(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const names = value.filter((item): item is string => typeof item === 'string' && FIELD_NAME.test(item));
  const distinct = [...new Set(names)].slice(0, MAX_COLUMNS);
  return distinct.length > 0 ? withIdFirst(distinct) : null;
}

/**
 * The columns to ask the server for: the user's choice, else the spec's defaults for the table (see docs/requirements.md#constants-and-limits: leads and customers, on a phone-sized window id and name); id always first. undefined for a table
 * with neither: the server's own list fields are shown then.
 */
export function requestedColumns(
  stored: readonly string[] | null,
  table: string,
  mobile = false,
): string[] | undefined {
  const defaults = Object.hasOwn(DEFAULT_COLUMNS, table) ? defaultColumnsFor(table, mobile) : undefined;
  const chosen = stored ?? defaults;
  return chosen ? withIdFirst(chosen) : undefined;
}

/**
 * Ticks or unticks one column in the display settings. Id cannot be unticked (see docs/requirements.md#filters-and-list-input). The other
 * columns keep their order; a newly ticked one goes right after the chosen column that comes before it
 * in the field list (`fieldOrder`), so it lands where the field list shows it rather than at the end.
 */
export function toggleColumn(
  chosen: readonly string[],
  name: string,
  visible: boolean,
  fieldOrder: readonly string[],
): string[] {
  const current = withIdFirst(chosen);
  if (name === 'id') return current;
  if (!visible) return current.filter((column) => column !== name);
  if (current.includes(name)) return current;
  const position = fieldOrder.indexOf(name);
  const before = new Set(position === -1 ? [] : fieldOrder.slice(0, position));
  let insertAt = current.length;
  if (position !== -1) {
    const lastBefore = current.reduce((last, column, index) => (before.has(column) ? index : last), 0);
    insertAt = lastBefore + 1;
  }
  return [...current.slice(0, insertAt), name, ...current.slice(insertAt)];
}
