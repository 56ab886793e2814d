import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The header the desktop app sends its embedded server on every request: a secret made for this launch
 * and handed to the server process alone, so no other program of this machine's users reaches the
 * loopback port (docs/security.md#embedded-server).
 */
export const EMBEDDED_SECRET_HEADER = 'x-crm-embedded-secret';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Whether a header value is the secret, compared in constant time. */
export function embeddedSecretCheck(secret: string): (value: IncomingHttpHeaders[string]) => boolean {
  const expected = digest(secret);
  return (value) => typeof value === 'string' && timingSafeEqual(digest(value), expected);
}
