import type { FieldMeta } from '../../../../../shared/contract';
import type { JournalEntry } from '../../../../../shared/contract/lead-detail';
import { formatDateTimeTr } from '../../../../../shared/domain/date-ranges';

export type JournalValue = JournalEntry['values'][string]['old'];

/** One changed field of an entry, ready to show as "{label}: {from} → {to}". */
export type JournalChange = {
  name: string;
  /** The field's display name; the column name when the field is not (or no longer) in the registry. */
  label: string;
  /** The field's metadata, so option values can be shown by their labels. */
  field: FieldMeta | null;
  from: JournalValue;
  to: JournalValue;
};

export type JournalLine = {
  id: number;
  agent: string;
  /** 'DD MMMM YYYY, HH:mm' in Turkish (see docs/requirements.md#constants-and-limits). */
  time: string;
  changes: JournalChange[];
};

/** Empty values (null, '', []) are one thing to a reader: "nothing". */
export function isEmptyJournalValue(value: JournalValue): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A value as plain text (lists joined, flags as 1/0); '' for nothing. */
export function journalValueText(value: JournalValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/**
 * The entries as the Geçmiş tab shows them: agent, Turkish time, and each changed field by its display
 * name in the order of the field registry (unknown fields last, by name), so entries read alike.
 */
export function journalLines(
  entries: readonly JournalEntry[],
  fields: readonly FieldMeta[],
  unknownAgent: string,
): JournalLine[] {
  const order = new Map(fields.map((field, index) => [field.name, index]));
  const byName = new Map(fields.map((field) => [field.name, field]));
  return entries.map((entry) => {
    const changes = Object.entries(entry.values)
      .map(([name, change]): JournalChange => {
        const field = byName.get(name) ?? null;
        return { name, label: field?.display_name ?? name, field, from: change.old, to: change.new };
      })
      .sort((a, b) => {
        const left = order.get(a.name) ?? Number.MAX_SAFE_INTEGER;
        const right = order.get(b.name) ?? Number.MAX_SAFE_INTEGER;
        return left !== right ? left - right : a.name.localeCompare(b.name);
      });
    return {
      id: entry.id,
      agent: entry.agent_name?.trim() || unknownAgent,
      time: formatDateTimeTr(entry.created_at),
      changes,
    };
  });
}
