import { describe, expect, it } from 'vitest';
import type { MenuTable } from '../../../src/shared/contract';
import {
  adminDepartmentNames,
  adminSections,
  adminTarget,
  joinNames,
  mayOpenAdminArea,
} from '../../../src/renderer/src/features/admin/admin-sections';
import { administrationEntries } from '../../../src/renderer/src/shell/menu-targets';
// The features register their named routes, as the app's entry does.
import '../../../src/renderer/src/app/features';

const entry = (
  id: number,
  table: string,
  location: number,
  show: 0 | 1 = 1,
  url: string | null = null,
): MenuTable => ({
  id,
  table,
  name: table,
  icon: null,
  location,
  url,
  show,
  delete: 0,
  update: 0,
  excel_import: 0,
  excel_export: 0,
});

describe('adminSections', () => {
  it('groups the tables the user may see: location 2 accounts, 3 the sales process, 4 reports', () => {
    const sections = adminSections([
      entry(1, 'leads', 1),
      entry(2, 'users', 2),
      entry(3, 'teams', 2, 0),
      entry(4, 'lead_statuses', 3),
      entry(5, 'dashboard_link', 4, 1, 'dashboard'),
      // A named screen this version does not have is left out rather than leading to an error page.
      entry(6, 'report_none', 4, 1, 'report/none'),
    ]);
    expect(sections.map((section) => [section.title, section.entries.map((e) => e.table)])).toEqual([
      ['Hesap Yönetimi', ['users']],
      ['Satış süreci özelleştirme', ['lead_statuses']],
      ['Raporlar', ['dashboard_link']],
    ]);
  });

  it('links an entry to its named url, else to the admin table; users and permissions to their screens', () => {
    expect(adminTarget(entry(4, 'lead_statuses', 3), true)).toBe('/admin/lead_statuses');
    expect(adminTarget(entry(2, 'users', 2), true)).toBe('/admin/users');
    expect(adminTarget(entry(9, 'permissions', 2), true)).toBe('/user/permissions');
    expect(adminTarget(entry(5, 'dashboard_link', 4, 1, 'dashboard'), true)).toBe('/');
    // Others get the tables as their group shows them, never the admins' own screens.
    expect(adminTarget(entry(9, 'permissions', 2), false)).toBe('/admin/permissions');
    expect(adminTarget(entry(7, 'hooks', 3, 1, 'hooks'), false)).toBe('/hooks');
  });
});

describe('the refusal text', () => {
  it('names the departments that may enter in Turkish', () => {
    expect(adminDepartmentNames()).toBe('Yönetici');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B ve C');
    expect(joinNames(['A'])).toBe('A');
  });
});

describe('the administration entries and who opens the admin area', () => {
  const managerTables = [
    entry(1, 'leads', 1),
    entry(2, 'users', 2),
    entry(3, 'permissions', 2, 0),
    entry(4, 'hooks', 3, 1, 'hooks'),
    entry(5, 'bids', 3, 1, 'bids'),
    entry(6, 'report_utm', 4, 1, 'report/utm'),
  ];

  it('lists exactly the location-2/3 entries the group may show', () => {
    expect(administrationEntries(managerTables).map((e) => e.table)).toEqual(['users', 'hooks', 'bids']);
  });

  it('opens the admin area to admins and to groups with administration entries only', () => {
    expect(mayOpenAdminArea('sales_manager', managerTables)).toBe(true);
    expect(
      mayOpenAdminArea('sales', [entry(1, 'leads', 1), entry(6, 'report_utm', 4, 1, 'report/utm')]),
    ).toBe(false);
    expect(mayOpenAdminArea('admin', [])).toBe(true);
  });
});
