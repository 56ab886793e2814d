import type { CellValue } from '../../../../shared/contract';

export type ParsedJson = { ok: true; value: unknown } | { ok: false };

/** Only objects and arrays count as JSON worth formatting: "12" or "true" are plain cell text. */
export function parseJsonCell(value: CellValue | undefined): ParsedJson {
  if (typeof value !== 'string') return { ok: false };
  const text = value.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export const JSON_SHORT_LENGTH = 60;

/** One line, cut with an ellipsis: a list cell has room for a glance, the full text goes in the tooltip. */
export function shortJson(value: unknown, max = JSON_SHORT_LENGTH): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}

export type DetailEntry = { key: string; value: string };

function entryText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(entryText).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}: ${entryText(item)}`)
      .join('; ');
  }
  return String(value);
}

/**
 * A JSON value as a person reads it (docs/user-guide.md#dates-and-numbers), never raw JSON: an object's keys
 * with their values ("finance: 3, 4; risk: 16"), a list's items, cut to `max` characters.
 */
export function readableJson(value: unknown, max = JSON_SHORT_LENGTH): string {
  const text = entryText(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The read-only details a permission cell carries, as key/value lines: a JSON object by key, a JSON
 * array or a comma list item by item (numbered), anything else as one line.
 */
export function detailEntries(value: CellValue | undefined): DetailEntry[] {
  if (value === null || value === undefined || value === '') return [];
  const parsed = parseJsonCell(value);
  if (parsed.ok) {
    if (Array.isArray(parsed.value)) {
      return parsed.value.map((item, index) => ({ key: String(index + 1), value: entryText(item) }));
    }
    if (typeof parsed.value === 'object' && parsed.value !== null) {
      return Object.entries(parsed.value).map(([key, item]) => ({ key, value: entryText(item) }));
    }
  }
  const text = String(value);
  const parts = text.includes(',')
    ? text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : [text];
  return parts.map((part, index) => ({ key: String(index + 1), value: part }));
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}
