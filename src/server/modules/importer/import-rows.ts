import { LEAD_PHONE_FIELDS, storablePhone } from '../../../shared/domain/phone';
import { format, messages } from '../../../shared/i18n/messages';
import { DomainError, isDomainError } from '../../domain-errors';
import type { ColumnDefault } from '../../engine/row-restriction';
import {
  coerceWriteValue,
  invalidField,
  type PreparedValue,
  type WriteValue,
} from '../../engine/record-writer';
import type { FieldDefinition } from '../../engine/types';

/** The fields of a lead that hold phone numbers: 10 digits on import as on every save (see docs/requirements.md#money-importer-and-lead-input). */
export const PHONE_FIELDS: ReadonlySet<string> = LEAD_PHONE_FIELDS;

/**
 * The chunk's columns as fields the user may write (write_fields): each once, none a list (multi-select
 * cells have no spreadsheet form). A name outside them is a 400 naming it.
 */
export function importFields(
  writable: ReadonlyMap<string, FieldDefinition>,
  columns: readonly string[],
): FieldDefinition[] {
  const seen = new Set<string>();
  return columns.map((name) => {
    const field = writable.get(name);
    if (!field || seen.has(name) || field.column.kind === 'array' || field.column.generated) {
      throw invalidField(field ?? name);
    }
    seen.add(name);
    return field;
  });
}

/** A failure of one cell, told with its row of the file (1 is the header, so data starts at 2). */
function rowError(error: unknown, rowNumber: number): unknown {
  if (!isDomainError(error) || error.kind !== 'invalid') return error;
  return DomainError.invalid(format(messages.importRowInvalid, { row: rowNumber, message: error.message }));
}

/**
 * Every cell coerced as a form value of its field (the same rules as any save): phones as 10 digits (a
 * cell that holds no phone refuses its row), an empty cell NULL, then the table's defaults where a cell
 * is empty.
 */
export function coerceRows(
  fields: readonly FieldDefinition[],
  data: readonly (readonly string[])[],
  firstRowNumber: number,
  defaults: ReadonlyMap<string, WriteValue>,
): WriteValue[][] {
  const defaultAt = fields.map((field) => defaults.get(field.name));
  return data.map((cells, rowIndex) => {
    if (cells.length !== fields.length) {
      throw DomainError.invalid(
        format(messages.importRowInvalid, {
          row: firstRowNumber + rowIndex,
          message: messages.importRowWidth,
        }),
      );
    }
    return fields.map((field, index) => {
      const raw = cells[index] ?? '';
      const fallback = defaultAt[index];
      if (raw.trim() === '' && fallback !== undefined && fallback !== null) return fallback;
      try {
        if (PHONE_FIELDS.has(field.name) && raw.trim() !== '') {
          // The same rule as every save (records/lead-phones.ts): 10 digits, or the row is refused.
          const phone = storablePhone(raw);
          if (phone === null) throw invalidField(field);
          return coerceWriteValue(field, phone);
        }
        return coerceWriteValue(field, raw);
      } catch (error) {
        throw rowError(error, firstRowNumber + rowIndex);
      }
    });
  });
}

/** Each field's distinct non-empty values, as the option-list and assignee checks take them. */
export function distinctValues(
  fields: readonly FieldDefinition[],
  rows: readonly WriteValue[][],
): PreparedValue[] {
  const out: PreparedValue[] = [];
  fields.forEach((field, index) => {
    if (field.optionListId === null) return;
    const seen = new Set<string>();
    for (const row of rows) {
      const value = row[index];
      if (value === null || value === undefined || Array.isArray(value)) continue;
      const key = String(value);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ field, value });
    }
  });
  return out;
}

/** A default as a write value of its field (the form of applyDefaults). */
export function defaultValues(
  fields: ReadonlyMap<string, FieldDefinition>,
  defaults: ReadonlyMap<string, ColumnDefault>,
): Map<string, WriteValue> {
  const values = new Map<string, WriteValue>();
  for (const [name, value] of defaults) {
    const field = fields.get(name);
    if (!field || field.column.generated || value === null) continue;
    values.set(name, coerceWriteValue(field, typeof value === 'boolean' ? Number(value) : value));
  }
  return values;
}
