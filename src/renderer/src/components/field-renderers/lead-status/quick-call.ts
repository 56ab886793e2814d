import type { RecordRow } from '../../../../../shared/contract';
import { isCallablePhone } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';

/** Where a lead keeps its numbers, in the order a call tries them. */
export const PHONE_COLUMNS = ['phone', 'mobile', 'phone_2'] as const;

/** Whether the row carries any phone column at all; if not, the record must be fetched to know. */
export function rowHasPhoneColumns(row: RecordRow): boolean {
  return PHONE_COLUMNS.some((column) => Object.hasOwn(row, column));
}

/** The first number of the row a call can dial (10 digits after normalisation), else null. */
export function callablePhone(row: RecordRow): string | null {
  for (const column of PHONE_COLUMNS) {
    const value = row[column];
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
    if (text !== '' && isCallablePhone(text)) return text;
  }
  return null;
}

export type QuickCallCheck = { ok: true; phone: string } | { ok: false; message: string };

/** docs/requirements.md#filters-and-list-input: a call needs the user's dahili first, then a 10-digit number (the server checks both again). */
export function checkQuickCall(dahili: string | null | undefined, phone: string | null): QuickCallCheck {
  if (!dahili || dahili.trim() === '') return { ok: false, message: messages.dahiliRequired };
  if (phone === null) return { ok: false, message: messages.invalidPhoneForCall };
  return { ok: true, phone };
}

/**
 * A random id for one click (128 bits as hex), sent as attempt_id so a repeated request replays instead
 * of dialling again. getRandomValues, unlike randomUUID, also exists on plain-http pages (a company
 * server without TLS is not a secure context).
 */
export function newCallAttemptId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
