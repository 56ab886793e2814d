import { createHash, randomBytes } from 'node:crypto';

/**
 * The idempotency key of a platform operation, as the trading platform sees it. MT5's balance operation
 * has no key of its own, only a comment of at most 32 characters; the key rides at the end of it
 * (`CRM yatırım #7K2M9QX4B1ZR`), so after an unknown outcome the CRM looks the deal up by its comment
 * before sending again (see docs/money.md#platform-operations). The built-in ledger keeps the key in a
 * unique column as well.
 */

/** Crockford's base 32: no I, L, O or U, so a key read aloud or retyped stays unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_LENGTH = 12;
/** MT5's limit for a balance operation's comment. */
export const COMMENT_MAX = 32;

const REFERENCE_AT_END = new RegExp(`#([${ALPHABET}]{${REFERENCE_LENGTH}})$`);

function encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && text.length < REFERENCE_LENGTH) {
      text += ALPHABET[(value >>> (bits - 5)) & 31] ?? '0';
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return text;
}

/** A fresh key: 60 random bits. */
export function newReference(): string {
  return encode(randomBytes(8));
}

/**
 * The key of a request a client marked with its own key (a dialog sent twice): the same user and key
 * always give the same reference, so the second request finds the first operation.
 */
export function referenceForRequest(userId: number, requestKey: string): string {
  return encode(createHash('sha256').update(`${userId}:${requestKey}`).digest());
}

/** The comment as the platform stores it: the readable part cut to fit, then ` #KEY`. */
export function commentWithReference(comment: string, reference: string): string {
  const room = COMMENT_MAX - REFERENCE_LENGTH - 2;
  const text = comment.trim().slice(0, room).trim();
  return text === '' ? `#${reference}` : `${text} #${reference}`;
}

/** The key a deal's comment carries, or null for a deal the CRM did not make. */
export function referenceOf(comment: string): string | null {
  return REFERENCE_AT_END.exec(comment.trim())?.[1] ?? null;
}
