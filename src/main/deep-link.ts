/** The URL scheme the installers register (electron-builder.yml `protocols`) and the app claims at start. */
export const DEEP_LINK_SCHEME = 'crm';

export type DeepLink = { type: 'lead'; leadId: number };

/** Ids beyond this are not ids (a 15-digit cap keeps them exact as JS numbers). */
const ID_PATTERN = /^[1-9][0-9]{0,14}$/;

/**
 * `crm://lead/{id}`, the one link the app answers today; any other form is refused (null), since a link
 * can come from any web page or e-mail. A trailing slash, a query or a fragment is tolerated.
 */
export function parseDeepLink(raw: string): DeepLink | null {
  if (raw.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  // crm://lead/42 parses as host "lead", path "/42"; crm:///lead/42 as an empty host and path "/lead/42".
  const segments = [url.host, ...url.pathname.split('/')].filter((part) => part.length > 0);
  if (segments.length !== 2 || segments[0]?.toLowerCase() !== 'lead') return null;
  const id = segments[1] ?? '';
  if (!ID_PATTERN.test(id)) return null;
  const leadId = Number(id);
  return Number.isSafeInteger(leadId) ? { type: 'lead', leadId } : null;
}

/**
 * The deep link among a process's arguments (Windows and Linux start the app, or a second instance, with
 * the URL as an argument). Chromium switches are skipped; only an argument in our scheme counts.
 */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  const prefix = `${DEEP_LINK_SCHEME}:`;
  return argv.find((arg) => arg.toLowerCase().startsWith(prefix)) ?? null;
}
