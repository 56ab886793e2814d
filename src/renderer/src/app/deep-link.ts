/** The parts of the page's address a deep link is read from (window.location has them). */
export type PageAddress = { pathname: string; search: string; hash: string };

/** The page's address and history, as window has them; tests pass their own. */
export type AddressablePage = {
  location: PageAddress;
  history: { state: unknown; replaceState: (data: unknown, unused: string, url: string) => void };
};

const atRoot = (pathname: string): boolean => pathname === '/' || pathname === '/index.html';

/**
 * The web edition routes in the hash ('/#/list/leads?utm_source=google'), but links in e-mails and
 * reports name a path ('/list/leads?utm_source=google'), which the server answers with index.html. This
 * is the address that carries such a path (and its query) in the hash, or null when the address is
 * already one the hash router reads. A plain fragment ('#gorevler', a lead's tab) stays the route's own.
 */
export function hashRouteAddress({ pathname, search, hash }: PageAddress): string | null {
  if (hash.startsWith('#/')) return atRoot(pathname) && search === '' ? null : `/${hash}`;
  if (atRoot(pathname) && search === '') return null;
  const route = atRoot(pathname) ? '/' : pathname;
  const fragment = hash === '#' ? '' : hash;
  return `/#${route}${search}${fragment}`;
}

/**
 * Moves a path deep link into the hash before the router starts, replacing the history entry, so the
 * router (and the auth guard, which remembers it across the login) sees the screen the link names.
 */
export function moveDeepLinkIntoHash(page: AddressablePage): void {
  const address = hashRouteAddress(page.location);
  if (address !== null) page.history.replaceState(page.history.state, '', address);
}
