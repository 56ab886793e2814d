/** At most this many addresses in one periodic report's receiver field. */
export const MAX_RECEIVERS = 20;

// Deliberately plain: a local part and a dotted domain, no spaces, no quotes, no display names; what
// a mail server accepts as RCPT TO from an ordinary address book.
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export type ReceiverCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'invalid'; address: string }
  | { ok: false; reason: 'too-many' };

/** True for one plain e-mail address (no name, no angle brackets), at most 254 characters. */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && ADDRESS.test(text);
}

/**
 * A periodic report's receivers (see docs/requirements.md#money-importer-and-lead-input: comma-separated e-mail addresses): each one checked, blanks
 * between commas ignored, duplicates (ignoring case) kept once.
 */
export function parseReceivers(text: string): ReceiverCheck {
  const addresses: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const address = part.trim();
    if (address === '') continue;
    if (!isEmailAddress(address)) return { ok: false, reason: 'invalid', address };
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    addresses.push(address);
  }
  if (addresses.length === 0) return { ok: false, reason: 'empty' };
  if (addresses.length > MAX_RECEIVERS) return { ok: false, reason: 'too-many' };
  return { ok: true, addresses };
}
