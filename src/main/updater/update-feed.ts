/**
 * Where updates come from (docs/security.md#update-verification). In an installed app only the feed
 * baked in at build time (app-update.yml) or IT's UpdateURL policy counts: a variable in the user's
 * environment never points the app at another feed. Every feed is HTTPS; a development run (not
 * packaged) may use CRM_UPDATE_URL, and plain HTTP on loopback for a local test feed.
 */
export interface UpdateFeedInput {
  /** IT's UpdateURL policy. */
  policyUrl: string | undefined;
  /** CRM_UPDATE_URL of the process environment. */
  envUrl: string | undefined;
  packaged: boolean;
}

export type UpdateFeedChoice =
  | { url: string | null; ignored: null }
  /** A URL that was set but may not be used, and why (for the log). */
  | { url: string | null; ignored: { source: 'policy' | 'environment'; reason: string } };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Whether a feed URL may be used: https, or http on loopback outside a packaged app. */
export function isAcceptableFeedUrl(text: string, packaged: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return !packaged && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

export function chooseUpdateFeed(input: UpdateFeedInput): UpdateFeedChoice {
  const policyUrl = input.policyUrl?.trim() || undefined;
  const envUrl = input.envUrl?.trim() || undefined;
  if (policyUrl !== undefined) {
    if (isAcceptableFeedUrl(policyUrl, input.packaged)) return { url: policyUrl, ignored: null };
    return { url: null, ignored: { source: 'policy', reason: 'UpdateURL must be an https URL' } };
  }
  if (envUrl === undefined) return { url: null, ignored: null };
  if (input.packaged) {
    return {
      url: null,
      ignored: { source: 'environment', reason: 'CRM_UPDATE_URL is not read by an installed app' },
    };
  }
  if (isAcceptableFeedUrl(envUrl, false)) return { url: envUrl, ignored: null };
  return { url: null, ignored: { source: 'environment', reason: 'CRM_UPDATE_URL must be an https URL' } };
}
