import type { FetchLike } from '../shared/contract';
import { desktopTexts } from '../shared/i18n/desktop-texts';
import { messages } from '../shared/i18n/messages';

export type AddressCheck = { ok: true; apiBase: string } | { ok: false; message: string };

export const SERVER_CHECK_TIMEOUT_MS = 5_000;

/**
 * Turns what a person typed into a base URL: http(s) only, no credentials, query or fragment, no trailing
 * slash. A bare host name gets https:// (an address typed without a scheme is meant for the internet).
 */
export function normalizeCrmAddress(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.hostname === '') return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Whether the password and the token may travel to this address: https, or plain http only to this
 * machine (the embedded server) or where IT's policy AllowPlainHttp says so (docs/security.md#desktop-app).
 */
export function isSecureCrmAddress(base: string, allowPlainHttp = false): boolean {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (allowPlainHttp || LOOPBACK_HOSTS.has(url.hostname));
}

/** The address as given first, then with /api appended (people paste the site address, not the API's). */
export function candidateApiBases(base: string): string[] {
  return /\/api$/i.test(base) ? [base] : [base, `${base}/api`];
}

const VALIDATE_PATH = '/auth/validate';

/** Answers the API base that responded like this API (after redirects, e.g. http to https), or null. */
async function probeApiBase(base: string, fetch: FetchLike, timeoutMs: number): Promise<string | null> {
  try {
    // No token: a server of this API refuses with JSON {success:false, msg} (ours: 401). Anything else, an
    // HTML page, a 404 from another app, a refused connection or silence, is not this CRM.
    const response = await fetch(`${base}${VALIDATE_PATH}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // A JSON 404 is a server of this API saying the route is not here: the base is wrong (e.g. the site
    // root instead of /api), so another candidate may still be right.
    if (response.status === 404 || response.status === 405) return null;
    const json: unknown = await response.json();
    const speaksThisApi =
      typeof json === 'object' &&
      json !== null &&
      typeof (json as { success?: unknown }).success === 'boolean';
    if (!speaksThisApi) return null;
    // Later calls go straight to where the server redirected us, so they keep their method and body.
    if (response.redirected && response.url.endsWith(VALIDATE_PATH)) {
      return normalizeCrmAddress(response.url.slice(0, -VALIDATE_PATH.length));
    }
    return base;
  } catch {
    return null;
  }
}

export async function checkCrmAddress(
  url: string,
  fetch: FetchLike,
  timeoutMs: number = SERVER_CHECK_TIMEOUT_MS,
  allowPlainHttp = false,
): Promise<AddressCheck> {
  const base = normalizeCrmAddress(url);
  if (base === null) return { ok: false, message: messages.crmNotFound };
  // Refused before a byte is sent: the login that follows would carry the password in clear.
  if (!isSecureCrmAddress(base, allowPlainHttp))
    return { ok: false, message: desktopTexts.serverMustBeHttps };
  for (const candidate of candidateApiBases(base)) {
    const apiBase = await probeApiBase(candidate, fetch, timeoutMs);
    // A server that redirected to plain http is refused as if it had been typed so.
    if (apiBase !== null && !isSecureCrmAddress(apiBase, allowPlainHttp)) {
      return { ok: false, message: desktopTexts.serverMustBeHttps };
    }
    if (apiBase !== null) return { ok: true, apiBase };
  }
  return { ok: false, message: messages.crmNotFound };
}
