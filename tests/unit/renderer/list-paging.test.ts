import { describe, expect, it } from 'vitest';
import { pagingOf } from '../../../src/renderer/src/features/list/paging';

describe('pagingOf', () => {
  it('an exact total gives the page count and stops at the last page', () => {
    const middle = pagingOf({ total: 31, capped: false, page: 2, pageSize: 15, rowsOnPage: 15 });
    expect(middle).toMatchObject({ pages: 3, hasNextPage: true, canGoToLast: true, totalText: '31' });
    const last = pagingOf({ total: 31, capped: false, page: 3, pageSize: 15, rowsOnPage: 1 });
    expect(last).toMatchObject({ hasNextPage: false, canGoToLast: false, pagesText: '3' });
  });

  it('an empty list still has page 1 of 1', () => {
    expect(pagingOf({ total: 0, capped: false, page: 1, pageSize: 15, rowsOnPage: 0 })).toMatchObject({
      pages: 1,
      hasNextPage: false,
      totalText: '0',
    });
  });

  it('a capped total reads "10.000+", pages on while pages are full, and has no known last page', () => {
    const capped = pagingOf({ total: 10_000, capped: true, page: 1, pageSize: 15, rowsOnPage: 15 });
    expect(capped).toMatchObject({
      totalText: '10.000+',
      pagesText: '667+',
      hasNextPage: true,
      canGoToLast: false,
    });
    // Beyond the counted pages a full page still means more may follow; a short one is the end.
    expect(
      pagingOf({ total: 10_000, capped: true, page: 700, pageSize: 15, rowsOnPage: 15 }).hasNextPage,
    ).toBe(true);
    expect(
      pagingOf({ total: 10_000, capped: true, page: 701, pageSize: 15, rowsOnPage: 4 }).hasNextPage,
    ).toBe(false);
  });
});
