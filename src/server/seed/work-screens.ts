import type { Insertable } from 'kysely';
import { MENU_LOCATIONS, type Department } from '../../shared/domain/constants';
import type { CrmTablesTable, PermissionsTable } from '../db/schema';

type ScreenSeed = Omit<Insertable<CrmTablesTable>, 'id' | 'sort'> & {
  table_name: string;
  source_table: string;
  base_filter: string | null;
  name: string;
  icon: string;
  location: number;
  url: string;
};
type PermissionSeed = Omit<Insertable<PermissionsTable>, 'id' | 'user_group_id' | 'table_name'>;

/**
 * Menu entries of the work-management screens (see docs/user-guide.md#tasks-call-periods-rules-offers-and-surveys). Each names a screen by its url (the
 * renderer's NAMED_ROUTES); its permission row is the admin's switch for the screen and the server's
 * check for its calls (modules/hooks/screen-access.ts).
 */
export const WORK_SCREENS: readonly ScreenSeed[] = [
  {
    table_name: 'tasks',
    source_table: 'tasks',
    base_filter: null,
    name: 'Görevler',
    icon: 'tick-circle',
    location: MENU_LOCATIONS.main,
    url: 'gorevler',
  },
  {
    table_name: 'call_periods',
    source_table: 'leads',
    base_filter: null,
    name: 'Arama Periyotları',
    icon: 'phone',
    location: MENU_LOCATIONS.main,
    url: 'call-periods',
  },
  {
    table_name: 'hooks',
    source_table: 'hooks',
    base_filter: null,
    name: 'Atama Kuralları',
    icon: 'flow-branch',
    location: MENU_LOCATIONS.salesProcess,
    url: 'hooks',
  },
  {
    table_name: 'bids',
    source_table: 'bid_templates',
    base_filter: null,
    name: 'Teklif Şablonları',
    icon: 'document',
    location: MENU_LOCATIONS.salesProcess,
    url: 'bids',
  },
  {
    table_name: 'quizbuilder',
    source_table: 'questions',
    base_filter: null,
    name: 'Anket Oluşturucu',
    icon: 'form',
    location: MENU_LOCATIONS.salesProcess,
    url: 'quizbuilder',
  },
];

const NONE: PermissionSeed = {
  show: 0,
  delete: 0,
  update: 0,
  excel_import: 0,
  excel_export: 0,
  list_fields: null,
  read_fields: null,
  write_fields: null,
  extra_sql: null,
  modules: [],
};
const OPEN: PermissionSeed = { ...NONE, show: 1 };
const MANAGE: PermissionSeed = { ...NONE, show: 1, update: 1, delete: 1 };

const isManager = (department: Department): boolean =>
  department === 'admin' || department === 'sales_manager';

/**
 * Who opens which screen: everybody has tasks; call periods are the sales floor's (managers reassign,
 * agents see their own due leads through their lead scope); rules, offer templates and surveys are built
 * by managers.
 */
export function workScreenPermission(department: Department, table: string): PermissionSeed | undefined {
  if (!WORK_SCREENS.some((screen) => screen.table_name === table)) return undefined;
  // Admins hold every flag of every registered table.
  if (department === 'admin') return MANAGE;
  switch (table) {
    case 'tasks':
      return OPEN;
    case 'call_periods':
      if (isManager(department)) return MANAGE;
      return department === 'sales' || department === 'retention' ? OPEN : NONE;
    case 'hooks':
    case 'quizbuilder':
      return isManager(department) ? MANAGE : NONE;
    case 'bids':
      // Agents open an offer for their leads (/bids/{lead_id}/{id}, also checked by the lead's scope):
      // the screen is open to them (show); the template builder (update, delete) is the managers'.
      if (isManager(department)) return MANAGE;
      return department === 'sales' || department === 'retention' ? OPEN : NONE;
    default:
      return undefined;
  }
}
