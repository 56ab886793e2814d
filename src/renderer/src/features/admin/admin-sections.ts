import type { MenuTable } from '../../../../shared/contract';
import { DEPARTMENTS, MENU_LOCATIONS, mayEnterAdminPanel } from '../../../../shared/domain/constants';
import { departmentLabels } from '../../../../shared/i18n/messages';
import { adminTexts } from '../../i18n/admin-texts';
import { administrationEntries, hasScreen } from '../../shell/menu-targets';

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

// Where an admin entry leads (see docs/requirements.md#lead-workspace-and-work-screens) is the shell's rule too (its Yönetim section).
export { adminTarget } from '../../shell/menu-targets';

/**
 * Who may open the admin area (docs/user-guide.md#administration-menu): the admin departments, and anybody whose
 * group may show an administration table or screen (locations 2 and 3), for those parts only. The server
 * judges every call anyway.
 */
export function mayOpenAdminArea(department: string, tables: readonly MenuTable[]): boolean {
  return mayEnterAdminPanel(department) || administrationEntries(tables).length > 0;
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
