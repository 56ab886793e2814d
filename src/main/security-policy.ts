import { stripBidiControls } from '../shared/domain/bidi';
/**
 * The renderer's security rules as pure functions, so they are tested without Electron. index.ts applies
 * them to the session (CSP header) and to every web contents (navigation, window.open).
 */

export interface CspOptions {
  /** The Vite dev server injects an inline React-refresh preamble and talks to its HMR socket. */
  dev?: boolean;
}

/**
 * In the desktop edition the renderer makes no network calls of its own (the main process does), so
 * connect-src is 'self' unless an API origin is given (the web edition served by another origin).
 */
export function contentSecurityPolicy(apiOrigin: string | null, options: CspOptions = {}): string {
  const connect = ["'self'"];
  if (apiOrigin) connect.push(apiOrigin);
  const script = ["'self'"];
  if (options.dev) script.push("'unsafe-inline'");
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // Blueprint sets inline styles for popovers and tables.
    "style-src 'self' 'unsafe-inline'",
    // blob: for a lead's images, which the renderer shows from bytes the main process read (files tab).
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Whether a URL is a document of our own renderer: the same origin as the dev server, or (packaged) the
 * same file as out/renderer/index.html, whatever the hash route says.
 */
export function isRendererUrl(url: string, rendererUrl: string): boolean {
  const candidate = parse(url);
  const own = parse(rendererUrl);
  if (!candidate || !own) return false;
  if (own.protocol === 'file:') {
    return (
      candidate.protocol === 'file:' && candidate.host === own.host && candidate.pathname === own.pathname
    );
  }
  if (own.protocol !== 'http:' && own.protocol !== 'https:') return false;
  return candidate.origin === own.origin;
}

/** The window may only move within the renderer (react-router); everything else is blocked. */
export function isAllowedNavigation(url: string, rendererUrl: string): boolean {
  return isRendererUrl(url, rendererUrl);
}

export interface WindowOpenDecision {
  action: 'deny';
}

/**
 * Hosts whose https links always open in the system browser: WhatsApp's click-to-chat (the lead header's
 * WhatsApp button). The CRM server's own host and IT's AllowedLinkHosts policy are added at run time.
 */
export const DEFAULT_LINK_HOSTS: readonly string[] = ['wa.me'];

/** `example.com` allows that host only; `*.example.com` its subdomains and itself. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((pattern) => {
    const entry = pattern.toLowerCase();
    if (entry.startsWith('*.')) {
      const base = entry.slice(2);
      return name === base || name.endsWith(`.${base}`);
    }
    return name === entry;
  });
}

/**
 * Whether a link leaves the app for the system: an https link to an allowed host (no user name or
 * password in it, which could dress one host up as another), or a mailto: for the mail program. Anything
 * else (http, file:, javascript:, other hosts, custom protocol handlers) is dropped.
 */
export function externalLinkTarget(rawUrl: string, allowedHosts: readonly string[]): string | null {
  // A bidi control in a link shows the user another address than the one opened (see bidi.ts).
  const url = stripBidiControls(rawUrl);
  const target = parse(url);
  if (!target) return null;
  if (target.protocol === 'mailto:') return target.href;
  if (target.protocol !== 'https:' || target.username !== '' || target.password !== '') return null;
  return hostAllowed(target.hostname, allowedHosts) ? target.href : null;
}

/**
 * No second Electron window is ever created. A link to an allowed host opens in the user's browser
 * (externalLinkTarget); everything else is simply dropped.
 */
export function windowOpenDecision(
  url: string,
  openExternal: (url: string) => unknown,
  allowedHosts: readonly string[] = DEFAULT_LINK_HOSTS,
): WindowOpenDecision {
  const target = externalLinkTarget(url, allowedHosts);
  // A failure to start the browser is not the page's business; it must not surface as an unhandled rejection.
  if (target !== null) Promise.resolve(openExternal(target)).catch(() => undefined);
  return { action: 'deny' };
}

/** The hosts in force: the defaults, the CRM server's host (its own pages, e.g. a report link) and IT's list. */
export function linkHostAllowList(crmApiBase: string | null, policyHosts: readonly string[] = []): string[] {
  const hosts = [...DEFAULT_LINK_HOSTS];
  const crmHost = crmApiBase ? parse(crmApiBase)?.hostname : undefined;
  if (crmHost) hosts.push(crmHost);
  for (const host of policyHosts) if (!hosts.includes(host)) hosts.push(host);
  return hosts;
}

/**
 * A redirect of the window's own page: only to the renderer itself (a server cannot send the app's window
 * elsewhere); everything else is stopped. Redirects of API calls happen in the main process's fetch, not
 * in a window, and are not affected.
 */
export function isAllowedRedirect(url: string, rendererUrl: string): boolean {
  return isRendererUrl(url, rendererUrl);
}

/** Permissions a page may hold: writing copied text to the clipboard, nothing else (deny by default). */
export function isAllowedPermission(permission: string): boolean {
  return permission === 'clipboard-sanitized-write';
}
