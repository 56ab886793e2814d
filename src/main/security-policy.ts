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
 * No second Electron window is ever created. An https link (e.g. a document on the company site) opens in
 * the user's browser; any other scheme (file:, javascript:, custom protocol handlers) is simply dropped.
 */
export function windowOpenDecision(url: string, openExternal: (url: string) => unknown): WindowOpenDecision {
  const target = parse(url);
  // A failure to start the browser is not the page's business; it must not surface as an unhandled rejection.
  if (target?.protocol === 'https:') Promise.resolve(openExternal(target.href)).catch(() => undefined);
  return { action: 'deny' };
}
