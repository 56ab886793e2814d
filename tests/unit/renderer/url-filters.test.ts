import { describe, expect, it } from 'vitest';
import {
  filtersFromSearchParams,
  searchParamNames,
} from '../../../src/renderer/src/features/list/search/url-filters';

const LEAD_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'name',
  'utm_source',
  'status_id',
  'agent_id',
  'created_at',
]);

describe('filtersFromSearchParams (URL multi-search, docs/requirements.md#shell-lists-and-chat)', () => {
  it('turns each known field parameter into an "equal" filter, in the order of the URL', () => {
    expect(filtersFromSearchParams('?utm_source=x&status_id=3', LEAD_FIELDS)).toEqual([
      { name: 'utm_source', type: 1, value: 'x' },
      { name: 'status_id', type: 1, value: '3' },
    ]);
  });

  it('turns start..end into "between" (type 10), either end open', () => {
    expect(filtersFromSearchParams('created_at=2026-01-01..2026-01-31&status_id=2', LEAD_FIELDS)).toEqual([
      { name: 'created_at', type: 10, value: { start: '2026-01-01', end: '2026-01-31' } },
      { name: 'status_id', type: 1, value: '2' },
    ]);
    expect(filtersFromSearchParams('created_at=2026-01-01..', LEAD_FIELDS)).toEqual([
      { name: 'created_at', type: 10, value: { start: '2026-01-01', end: '' } },
    ]);
    expect(filtersFromSearchParams('created_at=..', LEAD_FIELDS)).toEqual([]);
  });

  it('turns a comma list into "multiple choice" (type 11)', () => {
    expect(filtersFromSearchParams('status_id=1,2,3', LEAD_FIELDS)).toEqual([
      { name: 'status_id', type: 11, value: ['1', '2', '3'] },
    ]);
  });

  it('merges a repeated parameter into one list and drops duplicates and blanks', () => {
    expect(filtersFromSearchParams('status_id=1&status_id=2,1&status_id=', LEAD_FIELDS)).toEqual([
      { name: 'status_id', type: 11, value: ['1', '2'] },
    ]);
    expect(filtersFromSearchParams('status_id=3,,%20', LEAD_FIELDS)).toEqual([
      { name: 'status_id', type: 1, value: '3' },
    ]);
  });

  it('ignores parameters that are not fields the user may list, and empty ones', () => {
    expect(filtersFromSearchParams('?ref=report&phone=555&name=', LEAD_FIELDS)).toEqual([]);
  });

  it('decodes Turkish text and keeps it as typed', () => {
    const search = new URLSearchParams({ name: 'Şükrü Öztürk' }).toString();
    expect(filtersFromSearchParams(search, LEAD_FIELDS)).toEqual([
      { name: 'name', type: 2, value: 'Şükrü Öztürk' },
    ]);
  });

  it('matches name as "contains" (type 2): the top bar search submits a part of a name', () => {
    expect(filtersFromSearchParams('name=I%C5%9F%C4%B1k&status_id=3', LEAD_FIELDS)).toEqual([
      { name: 'name', type: 2, value: 'Işık' },
      { name: 'status_id', type: 1, value: '3' },
    ]);
  });

  it('accepts URLSearchParams as well as a query string', () => {
    const params = new URLSearchParams([['agent_id', '7']]);
    expect(filtersFromSearchParams(params, LEAD_FIELDS)).toEqual([{ name: 'agent_id', type: 1, value: '7' }]);
  });

  it('drops values longer than the contract allows instead of sending a refused request', () => {
    expect(filtersFromSearchParams(`name=${'a'.repeat(501)}`, LEAD_FIELDS)).toEqual([]);
  });
});

describe('searchParamNames', () => {
  it('lists each parameter name once', () => {
    expect(searchParamNames('?a=1&b=2&a=3')).toEqual(['a', 'b']);
    expect(searchParamNames('')).toEqual([]);
  });
});
