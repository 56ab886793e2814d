import { describe, expect, it } from 'vitest';
import { parseSort } from '../../../src/renderer/src/features/list/list-preferences';
import {
  parseColumns,
  requestedColumns,
  toggleColumn,
} from '../../../src/renderer/src/features/list/view/column-prefs';

const FIELD_ORDER = [
  'id',
  'name',
  'phone',
  'email',
  'status_id',
  'agent_id',
  'utm_source',
  'team_id',
  'city',
];

describe('parseColumns', () => {
  it('keeps valid, distinct names with id first', () => {
    expect(parseColumns(['name', 'id', 'status_id', 'name'])).toEqual(['id', 'name', 'status_id']);
    expect(parseColumns(['name'])).toEqual(['id', 'name']);
  });

  it('gives null for anything unusable, so the defaults apply', () => {
    expect(parseColumns(null)).toBeNull();
    expect(parseColumns('name')).toBeNull();
    expect(parseColumns([])).toBeNull();
    expect(parseColumns(['Name', 'x y', 3])).toBeNull();
  });
});

describe('requestedColumns', () => {
  it('uses the stored choice, else the spec defaults (see docs/requirements.md#constants-and-limits), else none', () => {
    expect(requestedColumns(['name', 'city'], 'leads')).toEqual(['id', 'name', 'city']);
    expect(requestedColumns(null, 'leads')).toEqual([
      'id',
      'name',
      'status_id',
      'agent_id',
      'utm_source',
      'team_id',
    ]);
    expect(requestedColumns(null, 'customers')?.[0]).toBe('id');
    expect(requestedColumns(null, 'lead_notes')).toBeUndefined();
  });

  it('starts leads and customers with id and name on a phone-sized window, unless columns were chosen', () => {
    expect(requestedColumns(null, 'leads', true)).toEqual(['id', 'name']);
    expect(requestedColumns(null, 'customers', true)).toEqual(['id', 'name']);
    expect(requestedColumns(['city'], 'leads', true)).toEqual(['id', 'city']);
    expect(requestedColumns(null, 'lead_notes', true)).toBeUndefined();
  });
});

describe('toggleColumn (display settings)', () => {
  const chosen = ['id', 'name', 'status_id', 'agent_id', 'utm_source', 'team_id'];

  it('never unticks or moves id (see docs/requirements.md#filters-and-list-input)', () => {
    expect(toggleColumn(chosen, 'id', false, FIELD_ORDER)).toEqual(chosen);
    expect(toggleColumn(['name', 'id'], 'city', true, FIELD_ORDER)[0]).toBe('id');
  });

  it('unticks a column and keeps the order of the others', () => {
    expect(toggleColumn(chosen, 'agent_id', false, FIELD_ORDER)).toEqual([
      'id',
      'name',
      'status_id',
      'utm_source',
      'team_id',
    ]);
  });

  it('puts a ticked column after the chosen column that precedes it in the field list', () => {
    expect(toggleColumn(chosen, 'phone', true, FIELD_ORDER)).toEqual([
      'id',
      'name',
      'phone',
      'status_id',
      'agent_id',
      'utm_source',
      'team_id',
    ]);
    expect(toggleColumn(chosen, 'city', true, FIELD_ORDER)).toEqual([...chosen, 'city']);
    expect(toggleColumn(['id', 'city'], 'name', true, FIELD_ORDER)).toEqual(['id', 'name', 'city']);
  });

  it('appends a field the field list does not know, and ignores one already shown', () => {
    expect(toggleColumn(['id', 'name'], 'extra', true, FIELD_ORDER)).toEqual(['id', 'name', 'extra']);
    expect(toggleColumn(chosen, 'name', true, FIELD_ORDER)).toEqual(chosen);
  });
});

describe('parseSort', () => {
  it('keeps a valid stored sort and falls back to id desc (see docs/requirements.md#notification-and-list-states)', () => {
    expect(parseSort({ name: 'name', type: 'asc' })).toEqual({ name: 'name', type: 'asc' });
    expect(parseSort({ name: 'name', type: 'up' })).toEqual({ name: 'id', type: 'desc' });
    expect(parseSort({ name: 'a;b', type: 'asc' })).toEqual({ name: 'id', type: 'desc' });
    expect(parseSort(null)).toEqual({ name: 'id', type: 'desc' });
  });
});
