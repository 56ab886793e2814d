/** Phone rules of docs/requirements.md#money-importer-and-lead-input: quick call and WhatsApp need exactly 10 digits. */

export const PHONE_DIGITS = 10;

/** Digits only, one leading 90 (country code) dropped, then one leading 0 (trunk prefix). */
export function normalizePhone(raw: string): string {
  return raw.replace(/\D/g, '').replace(/^90/, '').replace(/^0/, '');
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
