import { describe, it, expect } from 'vitest';
import {
  CALL_LINES,
  COMPONENT_TYPES,
  DEFAULT_COLUMNS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  DEPARTMENTS,
  OPTION_LIST_IDS,
  PAGE_SIZE_OPTIONS,
  PERMISSION_ACTIONS,
  TOAST_MS,
  defaultColumnsFor,
  withIdFirst,
} from '../../../src/shared/domain/constants';
import * as domain from '../../../src/shared/domain';

describe('list constants', () => {
  it('match docs/requirements.md#constants-and-limits', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 10, 15, 25, 50, 100, 250, 500]);
    expect(PAGE_SIZE_OPTIONS).toContain(DEFAULT_PAGE_SIZE);
    expect(DEFAULT_SORT).toEqual({ name: 'id', type: 'desc' });
    expect(DEFAULT_COLUMNS.leads).toEqual(['id', 'name', 'status_id', 'agent_id', 'utm_source', 'team_id']);
    expect(DEFAULT_COLUMNS.customers).toEqual(DEFAULT_COLUMNS.leads);
  });

  it('defaultColumnsFor falls back to id and has a mobile set', () => {
    expect(defaultColumnsFor('leads')).toEqual(DEFAULT_COLUMNS.leads);
    expect(defaultColumnsFor('transactions')).toEqual(['id']);
    expect(defaultColumnsFor('constructor')).toEqual(['id']);
    expect(defaultColumnsFor('leads', true)).toEqual(['id', 'name']);
  });

  it('withIdFirst forces a single id column at the front', () => {
    expect(withIdFirst(['name', 'id', 'email'])).toEqual(['id', 'name', 'email']);
    expect(withIdFirst(['name'])).toEqual(['id', 'name']);
    expect(withIdFirst([])).toEqual(['id']);
  });
});

describe('other constants', () => {
  it('call lines are İstanbul 0, İzmir 80, Ankara 90', () => {
    expect(CALL_LINES.map((line) => [line.label, line.value])).toEqual([
      ['İstanbul', 0],
      ['İzmir', 80],
      ['Ankara', 90],
    ]);
  });

  it('option list ids follow docs/requirements.md#records-notes-and-settings and docs/requirements.md#lead-money-task-and-report-data', () => {
    expect(OPTION_LIST_IDS.agents).toBe(15);
    expect(OPTION_LIST_IDS.leadStatuses).toBe(16);
    expect(OPTION_LIST_IDS.occupations).toBe(141);
    expect(OPTION_LIST_IDS.gateways).toBe(199);
  });

  it('lists the 21 component types, departments and permission actions', () => {
    expect(COMPONENT_TYPES).toHaveLength(21);
    expect(new Set(COMPONENT_TYPES).size).toBe(21);
    expect(DEPARTMENTS).toEqual(['admin', 'sales_manager', 'finance', 'risk', 'sales', 'retention']);
    expect(PERMISSION_ACTIONS).toEqual(['show', 'delete', 'update', 'excel_import', 'excel_export']);
    expect(TOAST_MS).toEqual({ short: 2000, success: 3000, error: 5000 });
  });
});

describe('domain index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'foldTurkish',
      'normalizeSearchText',
      'normalizePhone',
      'whatsappLink',
      'addFilter',
      'FILTER_TYPES',
      'resolveQuickRange',
      'formatDateTimeTr',
      'reminderStart',
      'REMINDER_OFFSETS_MINUTES',
      'PAGE_SIZE_OPTIONS',
      'OPTION_LIST_IDS',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
