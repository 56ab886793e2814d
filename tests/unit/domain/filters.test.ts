import { describe, it, expect } from 'vitest';
import {
  FILTER_TYPES,
  FILTER_TYPE_LABELS,
  addFilter,
  escapeLikePattern,
  filterInputKind,
  isFilterType,
  isFilterValueEmpty,
  toggleSortDirection,
  type FilterType,
  type ListFilter,
} from '../../../src/shared/domain/filters';

const ALL_TYPES: FilterType[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

describe('FILTER_TYPES', () => {
  it('numbers the operators 1-12 as in docs/requirements.md#filters-and-list-input', () => {
    expect(Object.values(FILTER_TYPES)).toEqual(ALL_TYPES);
    expect(FILTER_TYPES.contains).toBe(2);
    expect(FILTER_TYPES.between).toBe(10);
    expect(FILTER_TYPES.multipleExclude).toBe(12);
  });

  it('has a Turkish label for each operator', () => {
    expect(Object.keys(FILTER_TYPE_LABELS).map(Number)).toEqual(ALL_TYPES);
    expect(FILTER_TYPE_LABELS[1]).toBe('Eşittir');
    expect(FILTER_TYPE_LABELS[9]).toBe('İle biter');
    expect(FILTER_TYPE_LABELS[12]).toBe('Çoklu hariç');
  });

  it('recognises valid operator numbers only', () => {
    for (const type of ALL_TYPES) expect(isFilterType(type)).toBe(true);
    for (const bad of [0, 13, 1.5, '1', null, undefined]) expect(isFilterType(bad)).toBe(false);
  });
});

describe('filterInputKind', () => {
  it('picks the input per operator', () => {
    const kinds = ALL_TYPES.map((type) => filterInputKind(type));
    expect(kinds).toEqual([
      'component',
      'text',
      'text',
      'component',
      'component',
      'component',
      'component',
      'text',
      'text',
      'range',
      'multi',
      'multi',
    ]);
  });
});

describe('isFilterValueEmpty', () => {
  it('treats blank strings, empty lists and empty ranges as empty', () => {
    expect(isFilterValueEmpty({ value: '' })).toBe(true);
    expect(isFilterValueEmpty({ value: '   ' })).toBe(true);
    expect(isFilterValueEmpty({ value: [] })).toBe(true);
    expect(isFilterValueEmpty({ value: ['', ' '] })).toBe(true);
    expect(isFilterValueEmpty({ value: { start: '', end: ' ' } })).toBe(true);
  });

  it('accepts any real value, including 0 and half-open ranges', () => {
    expect(isFilterValueEmpty({ value: '0' })).toBe(false);
    expect(isFilterValueEmpty({ value: ['3'] })).toBe(false);
    expect(isFilterValueEmpty({ value: { start: '2024-01-01 00:00:00', end: '' } })).toBe(false);
    expect(isFilterValueEmpty({ value: { start: '', end: '2024-01-31 23:59:59' } })).toBe(false);
  });
});

describe('addFilter', () => {
  const status: ListFilter = { name: 'status_id', type: 11, value: ['1', '2'] };
  const name: ListFilter = { name: 'name', type: 2, value: 'ali' };

  it('appends a new filter without touching the input list', () => {
    const list: readonly ListFilter[] = [status];
    const next = addFilter(list, name);
    expect(next).toEqual([status, name]);
    expect(list).toEqual([status]);
  });

  it('replaces a filter with the same name and type in place', () => {
    const replaced = addFilter([status, name], { name: 'status_id', type: 11, value: ['5'] });
    expect(replaced).toEqual([{ name: 'status_id', type: 11, value: ['5'] }, name]);
  });

  it('keeps filters on the same field with another operator', () => {
    const excluded: ListFilter = { name: 'status_id', type: 12, value: ['9'] };
    expect(addFilter([status], excluded)).toEqual([status, excluded]);
  });

  it('ignores an empty value', () => {
    expect(addFilter([status], { name: 'name', type: 2, value: ' ' })).toEqual([status]);
    expect(addFilter([status], { name: 'status_id', type: 11, value: [] })).toEqual([status]);
  });
});

describe('escapeLikePattern', () => {
  it("escapes %, _ and backslash for ESCAPE '\\'", () => {
    expect(escapeLikePattern('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLikePattern('Çağrı')).toBe('Çağrı');
    expect(escapeLikePattern('')).toBe('');
  });
});

describe('toggleSortDirection', () => {
  it('flips asc and desc', () => {
    expect(toggleSortDirection('asc')).toBe('desc');
    expect(toggleSortDirection('desc')).toBe('asc');
  });
});
