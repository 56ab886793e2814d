/** Phone rules of docs/requirements.md#money-importer-and-lead-input: quick call and WhatsApp need exactly 10 digits. */

export const PHONE_DIGITS = 10;

/** Digits only, one leading 90 (country code) dropped, then one leading 0 (trunk prefix). */
export function normalizePhone(raw: string): string {
  return raw.replace(/\D/g, '').replace(/^90/, '').replace(/^0/, '');
}

/** A lead's phone columns: stored as 10 digits by every save and by the importer (see docs/requirements.md#money-importer-and-lead-input, #constants-and-limits). */
export const LEAD_PHONE_FIELDS: ReadonlySet<string> = new Set(['phone', 'phone_2', 'mobile']);

/**
 * A phone as a lead stores it: its 10 digits, or null when the text holds no Turkish number (too short,
 * too long, letters only). The caller decides what an empty text means.
 */
export function storablePhone(raw: string): string | null {
  const digits = normalizePhone(raw);
  return digits.length === PHONE_DIGITS ? digits : null;
}

export function isCallablePhone(raw: string): boolean {
  return normalizePhone(raw).length === PHONE_DIGITS;
}

/** wa.me link with the Turkish country code, or null when the number cannot be dialled. */
export function whatsappLink(raw: string, text?: string): string | null {
  const digits = normalizePhone(raw);
  if (digits.length !== PHONE_DIGITS) return null;
  const base = `https://wa.me/90${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
