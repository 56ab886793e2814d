/** Pure helpers of the clickShow, modal and leadDetailModal renderers (no React, so unit tests load them). */

export { maskHidden } from '../../../../shared/domain/masking';

/** The start of a long text on one line, cut with an ellipsis: a list cell's preview. */
export function previewLine(text: string, max = 50): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

/** The lead card's fields, in this order, as far as the user may read them. */
export const LEAD_CARD_FIELDS: readonly string[] = [
  'name',
  'status_id',
  'agent_id',
  'phone',
  'email',
  'city',
  'balance',
];

/** A positive record id from a cell, or null. */
export function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
