import { FILTER_TYPES, type ListFilter } from '../../../../../shared/domain';
import { URL_RANGE_SEPARATOR } from '../../../../../shared/domain/report-keys';

/** The contract's limits for one filter (records.ts filterSchema). */
const MAX_TEXT = 500;
const MAX_ITEMS = 500;

function toParams(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search) : search;
}

/**
 * Parameters matched as "contains" rather than "equal": the top bar's search submits what was typed into
 * it as ?name=..., and a part of a name must find the whole one (as the search overlay did).
 */
const CONTAINS_PARAMS: ReadonlySet<string> = new Set(['name']);

/** `start..end` (either side may be empty) as a "between" value; null for anything else. */
function rangeOf(raw: string): { start: string; end: string } | null {
  const at = raw.indexOf(URL_RANGE_SEPARATOR);
  if (at < 0 || raw.indexOf(URL_RANGE_SEPARATOR, at + 1) >= 0) return null;
  const start = raw.slice(0, at).trim();
  const end = raw.slice(at + URL_RANGE_SEPARATOR.length).trim();
  if ((start === '' && end === '') || start.length > MAX_TEXT || end.length > MAX_TEXT) return null;
  return { start, end };
}

/** Names in the query that could be fields; the list waits for the field list only when there are some. */
export function searchParamNames(search: string | URLSearchParams): string[] {
  return [...new Set(toParams(search).keys())];
}

/**
 * Multi-search through URL query parameters (see docs/requirements.md#shell-lists-and-chat, used by reports): /list/leads?utm_source=x&status_id=3
 * gives one "equal" filter per known field ("contains" for name); a comma list (or the same name
 * repeated) gives "multiple choice" (type 11); `created_at=2026-01-01..2026-01-31` gives "between". Parameters that are not fields the user may list are ignored, so a stray `?ref=...`
 * never turns into a refused filter.
 */
export function filtersFromSearchParams(
  search: string | URLSearchParams,
  knownFields: ReadonlySet<string>,
): ListFilter[] {
  const params = toParams(search);
  const filters: ListFilter[] = [];
  for (const name of searchParamNames(params)) {
    if (!knownFields.has(name)) continue;
    const raw = params.get(name) ?? '';
    if (raw.includes(URL_RANGE_SEPARATOR)) {
      const range = rangeOf(raw);
      if (range) filters.push({ name, type: FILTER_TYPES.between, value: range });
      continue;
    }
    const values = params
      .getAll(name)
      .flatMap((raw) => raw.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '' && part.length <= MAX_TEXT);
    const distinct = [...new Set(values)].slice(0, MAX_ITEMS);
    const [first] = distinct;
    if (first === undefined) continue;
    filters.push(
      distinct.length === 1
        ? { name, type: CONTAINS_PARAMS.has(name) ? FILTER_TYPES.contains : FILTER_TYPES.equal, value: first }
        : { name, type: FILTER_TYPES.multipleChoice, value: distinct },
    );
  }
  return filters;
}
