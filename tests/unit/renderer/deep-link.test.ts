import { describe, expect, it } from 'vitest';
import {
  hashRouteAddress,
  moveDeepLinkIntoHash,
  type PageAddress,
} from '../../../src/renderer/src/app/deep-link';
import { returnPath } from '../../../src/renderer/src/features/login/return-path';

const address = (pathname: string, search = '', hash = ''): PageAddress => ({ pathname, search, hash });

describe('a path deep link of the web edition', () => {
  it('moves the path and its query into the hash route', () => {
    expect(hashRouteAddress(address('/list/leads', '?utm_source=google'))).toBe(
      '/#/list/leads?utm_source=google',
    );
    expect(hashRouteAddress(address('/leadDetail/42'))).toBe('/#/leadDetail/42');
    expect(hashRouteAddress(address('/profile'))).toBe('/#/profile');
    expect(hashRouteAddress(address('/no-such-screen'))).toBe('/#/no-such-screen');
  });

  it("keeps a plain fragment as the route's own hash (a lead's tab)", () => {
    expect(hashRouteAddress(address('/leadDetail/42', '', '#gorevler'))).toBe('/#/leadDetail/42#gorevler');
    expect(hashRouteAddress(address('/list/leads', '?a=1', '#'))).toBe('/#/list/leads?a=1');
  });

  it('moves a query on the root into the dashboard route', () => {
    expect(hashRouteAddress(address('/', '?utm_source=google'))).toBe('/#/?utm_source=google');
    expect(hashRouteAddress(address('/index.html', '?x=1'))).toBe('/#/?x=1');
  });

  it('leaves an address the hash router already reads alone', () => {
    expect(hashRouteAddress(address('/'))).toBeNull();
    expect(hashRouteAddress(address('/', '', '#/list/leads?utm_source=google'))).toBeNull();
    expect(hashRouteAddress(address('/index.html', '', '#/profile'))).toBeNull();
    expect(hashRouteAddress(address('/', '', '#'))).toBeNull();
  });

  it('lets a hash route win over a path in front of it', () => {
    expect(hashRouteAddress(address('/list/leads', '', '#/profile'))).toBe('/#/profile');
  });

  it('replaces the history entry (no extra Geri step) and keeps its state', () => {
    const replaced: Array<{ data: unknown; url: string }> = [];
    const history = {
      state: { idx: 0 },
      replaceState: (data: unknown, _unused: string, url: string) => replaced.push({ data, url }),
    };
    moveDeepLinkIntoHash({ location: address('/list/leads', '?utm_source=google'), history });
    expect(replaced).toEqual([{ data: { idx: 0 }, url: '/#/list/leads?utm_source=google' }]);

    moveDeepLinkIntoHash({ location: address('/', '', '#/list/leads'), history });
    expect(replaced).toHaveLength(1);
  });
});

describe('where login returns to', () => {
  it('is the screen the guard sent the user from: path, query and hash', () => {
    const from = { pathname: '/list/leads', search: '?utm_source=google', hash: '' };
    expect(returnPath({ from })).toBe('/list/leads?utm_source=google');
    expect(returnPath({ from: { pathname: '/leadDetail/42', search: '', hash: '#gorevler' } })).toBe(
      '/leadDetail/42#gorevler',
    );
  });

  it('is the dashboard without a remembered screen, or when that was the login or logout itself', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/logout', search: '', hash: '' } })).toBe('/');
  });
});
