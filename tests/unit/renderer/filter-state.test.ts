import { describe, expect, it } from 'vitest';
import type { ListFilter } from '../../../src/shared/domain/filters';
import {
  coerceFilterValue,
  defaultFilterType,
  emptyFilterValue,
  filtersReducer,
  keepKnownFilters,
  parseFilters,
  removeFilter,
  searchFieldKind,
} from '../../../src/renderer/src/features/list/search/filter-state';
import {
  columnSearchText,
  columnSearchType,
  columnSearchValue,
} from '../../../src/renderer/src/features/list/search/column-search';
import { filterTagText, filterValueText } from '../../../src/renderer/src/features/list/search/filter-text';

const nameContains: ListFilter = { name: 'name', type: 2, value: 'ali' };
const statusIn: ListFilter = { name: 'status_id', type: 11, value: ['1', '2'] };
const createdBetween: ListFilter = {
  name: 'created_at',
  type: 10,
  value: { start: '2025-03-01 00:00:00', end: '2025-03-31 23:59:59' },
};

describe('filtersReducer', () => {
  it('adds a filter only with a value (see docs/requirements.md#filters-and-list-input)', () => {
    expect(filtersReducer([], { type: 'add', filter: nameContains })).toEqual([nameContains]);
    expect(filtersReducer([], { type: 'add', filter: { name: 'name', type: 2, value: '  ' } })).toEqual([]);
    expect(filtersReducer([], { type: 'add', filter: { name: 'status_id', type: 11, value: [] } })).toEqual(
      [],
    );
  });

  it('replaces the filter with the same field and operator in place', () => {
    const state = [nameContains, statusIn];
    const next = filtersReducer(state, { type: 'add', filter: { name: 'name', type: 2, value: 'veli' } });
    expect(next).toEqual([{ name: 'name', type: 2, value: 'veli' }, statusIn]);
    expect(state).toEqual([nameContains, statusIn]);
  });

  it('removes one operator of a field, or every filter of the field', () => {
    const state = [nameContains, { name: 'name', type: 8, value: 'A' } as ListFilter, statusIn];
    expect(filtersReducer(state, { type: 'remove', name: 'name', filterType: 2 })).toEqual([
      { name: 'name', type: 8, value: 'A' },
      statusIn,
    ]);
    expect(filtersReducer(state, { type: 'remove', name: 'name' })).toEqual([statusIn]);
    expect(removeFilter(state, 'missing')).toEqual(state);
  });

  it('applies the search panel rows: each replaces its field, where the field was', () => {
    const state = [nameContains, { name: 'name', type: 1, value: 'x' } as ListFilter, statusIn];
    const next = filtersReducer(state, {
      type: 'applyRows',
      rows: [
        { name: 'name', type: 8, value: 'Ah' },
        { name: 'status_id', type: 11, value: [] },
        createdBetween,
      ],
    });
    expect(next).toEqual([{ name: 'name', type: 8, value: 'Ah' }, createdBetween]);
  });

  it('column search adds or replaces one filter, trims it, and removes it when emptied', () => {
    const added = filtersReducer([statusIn], {
      type: 'columnSearch',
      name: 'name',
      filterType: 2,
      value: ' ayşe ',
    });
    expect(added).toEqual([statusIn, { name: 'name', type: 2, value: 'ayşe' }]);
    const replaced = filtersReducer(added, {
      type: 'columnSearch',
      name: 'name',
      filterType: 2,
      value: 'fatma',
    });
    expect(replaced).toEqual([statusIn, { name: 'name', type: 2, value: 'fatma' }]);
    expect(
      filtersReducer(replaced, { type: 'columnSearch', name: 'name', filterType: 2, value: '' }),
    ).toEqual([statusIn]);
  });

  it('replace keeps one filter per field and operator and drops empty ones; clear empties', () => {
    expect(
      filtersReducer([nameContains], {
        type: 'replace',
        filters: [
          statusIn,
          { name: 'name', type: 2, value: '' },
          { name: 'status_id', type: 11, value: ['3'] },
        ],
      }),
    ).toEqual([{ name: 'status_id', type: 11, value: ['3'] }]);
    expect(filtersReducer([nameContains, statusIn], { type: 'clear' })).toEqual([]);
  });
});

describe('keepKnownFilters', () => {
  it('drops filters on fields the user may not list, and keeps the array when nothing goes', () => {
    const state = [nameContains, statusIn];
    expect(keepKnownFilters(state, new Set(['name']))).toEqual([nameContains]);
    expect(keepKnownFilters(state, new Set(['name', 'status_id']))).toBe(state);
  });

  it('keeps everything while the field list is not known yet', () => {
    const state = [nameContains];
    expect(keepKnownFilters(state, new Set())).toBe(state);
  });
});

describe('search field kinds and operators', () => {
  it('classifies fields by component, with an option list making any field a choice', () => {
    expect(searchFieldKind('leadStatus', 16)).toBe('option');
    expect(searchFieldKind('selectbox', null)).toBe('option');
    expect(searchFieldKind('string', 15)).toBe('option');
    expect(searchFieldKind('integer', null)).toBe('number');
    expect(searchFieldKind('id', null)).toBe('number');
    expect(searchFieldKind('date', null)).toBe('date');
    expect(searchFieldKind('birthday', null)).toBe('date');
    expect(searchFieldKind('email', null)).toBe('text');
  });

  it('starts a panel row with the operator people use most for that kind', () => {
    expect(defaultFilterType('option')).toBe(11);
    expect(defaultFilterType('number')).toBe(1);
    expect(defaultFilterType('date')).toBe(10);
    expect(defaultFilterType('text')).toBe(2);
  });

  it('reshapes a value when the operator changes its input', () => {
    expect(coerceFilterValue('5', 'multi')).toEqual(['5']);
    expect(coerceFilterValue('', 'multi')).toEqual([]);
    expect(coerceFilterValue(['5', '6'], 'text')).toBe('5');
    expect(coerceFilterValue('2025-01-01', 'range')).toEqual({ start: '2025-01-01', end: '' });
    expect(coerceFilterValue({ start: '', end: '2025-02-01' }, 'component')).toBe('2025-02-01');
    expect(coerceFilterValue({ start: '1', end: '9' }, 'multi')).toEqual(['1']);
    expect(coerceFilterValue(['a'], 'multi')).toEqual(['a']);
    expect(emptyFilterValue(10)).toEqual({ start: '', end: '' });
    expect(emptyFilterValue(12)).toEqual([]);
    expect(emptyFilterValue(3)).toBe('');
  });
});

describe('parseFilters (stored and favourite filters are untrusted)', () => {
  it('keeps well-formed filters, coercing string types and numbers', () => {
    expect(
      parseFilters([
        { name: 'name', type: '2', value: 'ali' },
        { name: 'agent_id', type: 1, value: 7 },
        { name: 'status_id', type: 11, value: '4' },
        { name: 'created_at', type: 10, value: { start: '2025-01-01' } },
      ]),
    ).toEqual([
      { name: 'name', type: 2, value: 'ali' },
      { name: 'agent_id', type: 1, value: '7' },
      { name: 'status_id', type: 11, value: ['4'] },
      { name: 'created_at', type: 10, value: { start: '2025-01-01', end: '' } },
    ]);
  });

  it('drops unknown operators, bad field names, wrong shapes and empty values', () => {
    expect(
      parseFilters([
        { name: 'name', type: 13, value: 'x' },
        { name: 'Name; drop table', type: 2, value: 'x' },
        { name: 'created_at', type: 10, value: '2025-01-01' },
        { name: 'status_id', type: 11, value: [{}] },
        { name: 'name', type: 2, value: '' },
        null,
        'name',
      ]),
    ).toEqual([]);
    expect(parseFilters({ name: 'name' })).toEqual([]);
    expect(parseFilters(null)).toEqual([]);
  });
});

describe('column search row', () => {
  it('uses "contains" for text and dates, "equal" for choices and numbers', () => {
    expect(columnSearchType('text')).toBe(2);
    expect(columnSearchType('date')).toBe(2);
    expect(columnSearchType('option')).toBe(1);
    expect(columnSearchType('number')).toBe(1);
  });

  it('shows the value of the column-search filter only', () => {
    const filters: ListFilter[] = [{ name: 'name', type: 8, value: 'A' }, nameContains];
    expect(columnSearchText(filters, 'name', 2)).toBe('ali');
    expect(columnSearchText(filters, 'name', 1)).toBe('');
    expect(columnSearchText([statusIn], 'status_id', 11)).toBe('');
  });

  it('accepts only numbers in number columns, with a Turkish decimal comma', () => {
    expect(columnSearchValue('number', ' 42 ')).toBe('42');
    expect(columnSearchValue('number', '12,5')).toBe('12.5');
    expect(columnSearchValue('number', 'abc')).toBeNull();
    expect(columnSearchValue('number', '')).toBe('');
    expect(columnSearchValue('text', '  Çağla ')).toBe('Çağla');
  });
});

describe('filter tags', () => {
  it('reads option labels, Turkish dates and ranges', () => {
    const labels = new Map([
      ['1', 'Yeni'],
      ['2', 'Arandı'],
    ]);
    expect(filterTagText(statusIn, 'Durum', 'option', (value) => labels.get(value) ?? value)).toBe(
      'Durum Çoklu seçim: Yeni, Arandı',
    );
    expect(filterTagText(createdBetween, 'Kayıt Tarihi', 'date')).toBe(
      'Kayıt Tarihi Arasında: 01.03.2025 – 31.03.2025',
    );
    expect(filterValueText({ start: '', end: '10' }, 'number')).toBe('– 10');
    expect(filterValueText('2025-03-01 14:30:00', 'date')).toBe('01.03.2025 14:30');
    expect(filterTagText(nameContains, 'Ad Soyad', 'text')).toBe('Ad Soyad İçerir: ali');
  });
});
