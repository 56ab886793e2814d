import { sql, type Kysely } from 'kysely';
import type { CellValue } from '../../shared/contract';
import { format, messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { DomainError, serverMessages } from '../domain-errors';
import { checkAssignees } from './assignees';
import type { EngineUser, FieldDefinition, PreparedValue, WriteInput, WriteValue } from './types';
import { MAX_MONEY_DECIMALS, MAX_MONEY_WHOLE_DIGITS, readMoney } from '../../shared/domain/money-input';
import { InvalidValueError, parseDate, parseInteger, parseBoolean } from './values';

export type { PreparedValue, WriteInput, WriteValue } from './types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_TEXT_LENGTH = 65_535;
/** Components whose values are numbers whatever the column stores (see docs/requirements.md#records-notes-and-settings component types). */
const INTEGER_COMPONENTS = new Set(['integer', 'id', 'lead_id', 'leadStatus', 'status']);

export function invalidField(field: Pick<FieldDefinition, 'displayName'> | string): DomainError {
  const label = typeof field === 'string' ? field : field.displayName;
  return DomainError.invalid(format(messages.invalidField, { field: label }));
}

export function requiredField(label: string): DomainError {
  return DomainError.invalid(format(serverMessages.requiredField, { field: label }));
}

function scalarText(raw: CellValue): string {
  if (typeof raw === 'boolean') return raw ? '1' : '0';
  return String(raw);
}

/** Component rules on top of the column type: an e-mail must look like one, a number field takes numbers. */
function checkComponent(field: FieldDefinition, text: string): void {
  if (field.component === 'email' && !EMAIL.test(text)) throw new InvalidValueError('email');
  if (INTEGER_COMPONENTS.has(field.component)) parseInteger(text, 'bigint');
  if (field.component === 'date' || field.component === 'birthday') parseDate(text);
}

/**
 * Every decimal a form writes is money (a lead's balance, a transaction's amounts), read as a person types
 * it (docs/money.md#reading-amounts): '1.000' is one thousand, never 1. The column's NUMERIC(p,s) bounds
 * the decimals and whole digits, so nothing is rounded by the database; zero is allowed (a balance), a
 * minus never. Refused with the reader's sentence naming the field.
 */
function readMoneyValue(field: FieldDefinition, text: string): string {
  const { scale, wholeDigits } = field.column;
  const reading = readMoney(text, {
    field: field.displayName,
    decimals: Math.min(scale ?? MAX_MONEY_DECIMALS, MAX_MONEY_DECIMALS),
    maxWholeDigits: Math.min(wholeDigits ?? MAX_MONEY_WHOLE_DIGITS, MAX_MONEY_WHOLE_DIGITS),
    allowZero: true,
  });
  if (!reading.ok) throw DomainError.invalid(reading.error);
  return reading.value;
}

function coerceScalarForWrite(field: FieldDefinition, text: string): WriteValue {
  const { column } = field;
  // A money field kept in a text column is still money.
  if (field.component === 'double' && column.kind === 'text') return readMoneyValue(field, text);
  switch (column.kind) {
    case 'integer':
      return parseInteger(text, column.dataType);
    case 'decimal':
      return readMoneyValue(field, text);
    case 'boolean':
      return parseBoolean(text);
    case 'date':
      return parseDate(text).day;
    case 'timestamp':
      return parseDate(text).dateTime;
    case 'json':
      JSON.parse(text);
      return text;
    case 'text':
      if (text.length > MAX_TEXT_LENGTH) throw new InvalidValueError('length');
      return text;
    default:
      throw new InvalidValueError('type');
  }
}

/**
 * A form value as its column takes it. Empty means NULL (and is refused for NOT NULL columns); text is
 * trimmed; the column's type and the field's component decide what else is accepted. Throws 400
 * 'Geçersiz alan: {field}' / 'Zorunlu alan eksik: {field}'.
 */
export function coerceWriteValue(field: FieldDefinition, raw: WriteInput): WriteValue {
  if (Array.isArray(raw)) {
    if (field.column.kind !== 'array' || raw.some((item) => typeof item !== 'string'))
      throw invalidField(field);
    return raw;
  }
  const scalar = raw as CellValue | undefined;
  const text = scalar === null || scalar === undefined ? '' : scalarText(scalar).trim();
  if (text === '') {
    if (!field.column.nullable) throw requiredField(field.displayName);
    return null;
  }
  try {
    checkComponent(field, text);
    return coerceScalarForWrite(field, text);
  } catch (error) {
    if (error instanceof InvalidValueError || error instanceof SyntaxError) throw invalidField(field);
    throw error;
  }
}

/**
 * Checks the input names against the fields the caller may write and coerces every value. Any name not
 * in `allowed` is a 400 naming it, and so is no name at all: either would report a save that did not happen.
 */
export function prepareValues(
  allowed: ReadonlyMap<string, FieldDefinition>,
  inputs: Readonly<Record<string, WriteInput>>,
): Map<string, PreparedValue> {
  const prepared = new Map<string, PreparedValue>();
  for (const [name, raw] of Object.entries(inputs)) {
    const field = allowed.get(name);
    if (!field) throw invalidField(name);
    prepared.set(name, { field, value: coerceWriteValue(field, raw) });
  }
  // Every key dropped on the way (__proto__, an empty form): answering "saved" would be a lie.
  if (prepared.size === 0) throw DomainError.invalid(messages.nothingToSave);
  return prepared;
}

/** Whether `value` is one of option list `listId` (values list, or ids of users/teams/groups/statuses). */
export async function optionValueExists(
  db: Kysely<Database>,
  listId: number,
  value: string | number,
): Promise<boolean> {
  const list = await db
    .selectFrom('option_lists')
    .select('source')
    .where('id', '=', listId)
    .executeTakeFirst();
  // A field pointing at a list that does not exist cannot be checked; the column type still was.
  if (!list) return true;
  if (list.source === 'values') {
    const found = await db
      .selectFrom('option_values')
      .select('id')
      .where('list_id', '=', listId)
      .where('value', '=', String(value))
      .executeTakeFirst();
    return found !== undefined;
  }
  const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) return false;
  const { rows } = await sql<{
    found: boolean;
  }>`select exists (select 1 from ${sql.id(list.source)} where id = ${id}) as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * The checks every generic write runs inside its transaction: choice values exist in their option lists,
 * and users named in the values are ones the writer may hand work to.
 */
export async function checkWriteValues(
  db: Kysely<Database>,
  user: EngineUser,
  values: ReadonlyMap<string, PreparedValue>,
): Promise<void> {
  await checkOptionValues(db, values.values());
  await checkAssignees(db, user, values.values());
}

/** Choice fields (selectbox, leadStatus) must hold a value of their option list. */
export async function checkOptionValues(
  db: Kysely<Database>,
  values: Iterable<PreparedValue>,
): Promise<void> {
  for (const { field, value } of values) {
    if (field.optionListId === null || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (!(await optionValueExists(db, field.optionListId, value))) throw invalidField(field);
  }
}
