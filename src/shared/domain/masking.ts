/**
 * How a clickShow field (a national id) is shown until a person asks for it, on every screen and in
 * every answer that is not the field's own reveal (docs/user-guide.md#maskeli-alanlar).
 */
const MASK = '•';

/** The component of fields that stay masked until clicked. */
export const MASKED_COMPONENT = 'clickShow';

/**
 * The first and last two characters stay (enough to tell two apart, e.g. '12•••••••34'), short values are
 * masked whole. The length stays that of the value.
 */
export function maskHidden(text: string): string {
  const chars = [...text];
  if (chars.length < 6) return MASK.repeat(chars.length);
  return `${chars.slice(0, 2).join('')}${MASK.repeat(chars.length - 4)}${chars.slice(-2).join('')}`;
}

/** A cell's value masked when it is text or a number; null and empty stay as they are. */
export function maskCell<T>(value: T): T | string {
  if (value === null || value === undefined) return value;
  if (typeof value === 'number') return maskHidden(String(value));
  if (typeof value === 'string') return value === '' ? value : maskHidden(value);
  return value;
}
