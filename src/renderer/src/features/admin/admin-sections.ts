import type { MenuTable } from '../../../../shared/contract';
import { DEPARTMENTS, MENU_LOCATIONS, mayEnterAdminPanel } from '../../../../shared/domain/constants';
import { departmentLabels } from '../../../../shared/i18n/messages';
import { adminTexts } from '../../i18n/admin-texts';
import { hasScreen, menuTarget } from '../../shell/menu-targets';

export type AdminSection = {
  key: 'accounts' | 'salesProcess' | 'reports';
  title: string;
  entries: MenuTable[];
};

const visibleAt = (tables: readonly MenuTable[], location: number): MenuTable[] =>
  tables.filter((entry) => entry.location === location && entry.show === 1 && hasScreen(entry));

/**
 * The admin sidebar of docs/requirements.md#lead-workspace-and-work-screens: location 2 under Hesap Yönetimi, 3 under Satış süreci özelleştirme,
 * 4 under Raporlar. Only the tables the user's group may see, and only entries this version can open.
 */
export function adminSections(tables: readonly MenuTable[]): AdminSection[] {
  return [
    {
      key: 'accounts',
      title: adminTexts.sectionAccounts,
      entries: visibleAt(tables, MENU_LOCATIONS.accountManagement),
    },
    {
      key: 'salesProcess',
      title: adminTexts.sectionSalesProcess,
      entries: visibleAt(tables, MENU_LOCATIONS.salesProcess),
    },
    { key: 'reports', title: adminTexts.sectionReports, entries: visibleAt(tables, MENU_LOCATIONS.reports) },
  ];
}

/** Tables with a screen of their own in the admin area rather than the generic admin table. */
const ADMIN_SCREENS: Readonly<Record<string, string>> = {
  users: '/admin/users',
  permissions: '/user/permissions',
};

/**
 * Where an admin entry leads (see docs/requirements.md#lead-workspace-and-work-screens): its named url, else the admin table (/admin/{table}); the users
 * and permissions tables open their own screens.
 */
export function adminTarget(entry: MenuTable): string {
  if (entry.url) return menuTarget(entry);
  return ADMIN_SCREENS[entry.table] ?? `/admin/${encodeURIComponent(entry.table)}`;
}

/** "A", "A ve B", "A, B ve C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${adminTexts.and} ${names[names.length - 1] ?? ''}`;
}

/** The Turkish names of the departments that may enter, for the refusal page. */
export function adminDepartmentNames(): string {
  return joinNames(DEPARTMENTS.filter(mayEnterAdminPanel).map((code) => departmentLabels[code]));
}
