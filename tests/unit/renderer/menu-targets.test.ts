import { describe, expect, it } from 'vitest';
import type { MenuTable } from '../../../src/shared/contract';
import {
  hasScreen,
  mainMenuEntries,
  menuTarget,
  reportMenuEntries,
} from '../../../src/renderer/src/shell/menu-targets';
// The app's feature list registers itself, as it does when the app starts.
import '../../../src/renderer/src/app/features';

function entry(table: string, location: number, url: string | null): MenuTable {
  return {
    id: table.length,
    table,
    name: table,
    icon: null,
    location,
    url,
    show: 1,
    delete: 0,
    update: 0,
    excel_import: 0,
    excel_export: 0,
  };
}

describe('menu entries (see docs/operations.md#security)', () => {
  const tables = [
    entry('leads', 1, null),
    entry('report_none', 4, 'report/none'),
    entry('home_tile', 1, '/dashboard'),
  ];

  it('a table without url opens its list', () => {
    expect(menuTarget(entry('leads', 1, null))).toBe('/list/leads');
  });

  it('an entry with a url opens its named screen, never a list of its table', () => {
    expect(menuTarget(entry('home_tile', 1, '/dashboard'))).toBe('/');
    expect(menuTarget(entry('report_utm', 4, 'report/utm'))).toBe('/report/utm');
    expect(hasScreen(entry('report_none', 4, 'report/none'))).toBe(false);
  });

  it('entries naming a screen this version does not have are hidden', () => {
    expect(reportMenuEntries(tables)).toEqual([]);
    expect(mainMenuEntries(tables).map((item) => item.table)).toEqual(['leads', 'home_tile']);
  });
});
