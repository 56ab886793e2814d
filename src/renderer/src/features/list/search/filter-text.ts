import {
  FILTER_TYPE_LABELS,
  formatDateTimeTr,
  formatDateTr,
  type FilterValue,
  type ListFilter,
} from '../../../../../shared/domain';
import type { SearchFieldKind } from './filter-state';

/** Whole-day bounds (what the date quick options produce) read better without a time of day. */
const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}(?:[ T](?:00:00(?::00)?|23:59(?::59)?))?$/;

function dateText(value: string): string {
  const text = WHOLE_DAY.test(value.trim()) ? formatDateTr(value.trim()) : formatDateTimeTr(value.trim());
  return text === '' ? value : text;
}

/**
 * A filter's value as a person reads it on the tag above the table: option labels instead of ids,
 * Turkish dates, a range as "start – end" (either end may be open).
 */
export function filterValueText(
  value: FilterValue,
  kind: SearchFieldKind,
  labelOf: (value: string) => string = (item) => item,
): string {
  const one = (item: string): string =>
    kind === 'date' ? dateText(item) : kind === 'option' ? labelOf(item) : item;
  if (typeof value === 'string') return one(value);
  if (Array.isArray(value)) return value.map(one).join(', ');
  const start = value.start.trim() === '' ? '' : one(value.start);
  const end = value.end.trim() === '' ? '' : one(value.end);
  return `${start} – ${end}`.trim();
}

/** "Durum Çoklu seçim: Yeni, Arandı" */
export function filterTagText(
  filter: ListFilter,
  fieldLabel: string,
  kind: SearchFieldKind,
  labelOf?: (value: string) => string,
): string {
  return `${fieldLabel} ${FILTER_TYPE_LABELS[filter.type]}: ${filterValueText(filter.value, kind, labelOf)}`;
}
