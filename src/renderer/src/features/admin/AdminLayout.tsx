import { Button, Classes, Icon, Menu, MenuDivider, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { MenuTable } from '../../../../shared/contract';
import { mayEnterAdminPanel } from '../../../../shared/domain/constants';
import { usePermissions } from '../../api/permissions';
import { crmKeys } from '../../api/query-keys';
import { useCrmMutation } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { adminTexts } from '../../i18n/admin-texts';
import { menuIcon } from '../../shell/menu-targets';
import { AdminRefusal } from './AdminRefusal';
import { adminSections, adminTarget, mayOpenAdminArea } from './admin-sections';
import './admin.css';

function SidebarLink({
  to,
  icon,
  text,
  testId,
}: {
  to: string;
  icon: ReactNode;
  text: string;
  testId: string;
}) {
  return (
    <NavLink
      to={to}
      end
      className={({ isActive }) => `admin-nav-link${isActive ? ` ${Classes.ACTIVE}` : ''}`}
      data-testid={testId}
    >
      {icon}
      <span>{text}</span>
    </NavLink>
  );
}

/** docs/requirements.md#lead-workspace-and-work-screens "Reset Cache": the server drops its caches and every open client reloads menus and lists. */
function ResetCacheButton(): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const reset = useCrmMutation('adminResetCache', {
    onSuccess: (answer) => {
      notifier.success(answer.msg);
      // This client too, without waiting for its own fieldUpdate.
      void queryClient.invalidateQueries({ queryKey: crmKeys.permissions() });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'adminJournal'] });
    },
    onError: (error) => notifier.danger(error.message),
  });
  return (
    <Button
      className="admin-reset-cache"
      icon="refresh"
      variant="outlined"
      fill
      alignText="start"
      text={adminTexts.resetCache}
      title={adminTexts.resetCacheHint}
      loading={reset.isPending}
      onClick={() => reset.mutate({})}
      data-testid="admin-reset-cache"
    />
  );
}

function AdminSidebar({
  tables,
  administers,
}: {
  tables: readonly MenuTable[];
  administers: boolean;
}): ReactNode {
  return (
    <nav className="admin-sidebar" data-testid="admin-sidebar" aria-label={adminTexts.dashboard}>
      <Menu className="admin-sidebar-menu">
        <SidebarLink
          to="/admin"
          icon={<Icon icon="dashboard" />}
          text={adminTexts.dashboard}
          testId="admin-nav-dashboard"
        />
        {adminSections(tables).map((section) => (
          <div key={section.key} data-testid={`admin-section-${section.key}`}>
            <MenuDivider title={section.title} />
            {section.entries.length === 0 ? (
              <p className="admin-section-empty">{adminTexts.noTables}</p>
            ) : (
              section.entries.map((entry) => (
                <SidebarLink
                  key={entry.id}
                  to={adminTarget(entry, administers)}
                  icon={<Icon icon={menuIcon(entry.icon)} />}
                  text={entry.name}
                  testId={`admin-link-${entry.table}`}
                />
              ))
            )}
          </div>
        ))}
      </Menu>
      {administers ? <ResetCacheButton /> : null}
    </nav>
  );
}

export type AdminLayoutProps = {
  children: ReactNode;
  /** A screen of the admin departments alone (the permission editor, the accounts screen). */
  adminOnly?: boolean;
};

/**
 * Every admin screen (/admin, /admin/{table}, /admin/users, /user/permissions/{id}): the sidebar of docs/requirements.md#lead-workspace-and-work-screens beside the screen.
 * Users outside the admin departments see the parts their group may show (docs/user-guide.md#administration-menu)
 * or, without any, the refusal page; the server refuses their other calls anyway.
 */
export function AdminLayout({ children, adminOnly = false }: AdminLayoutProps): ReactNode {
  // The shell has loaded GET /permissions before any page renders.
  const permissions = usePermissions();
  const me = permissions.data?.me;
  if (!permissions.data || !me) return <Spinner size={24} />;
  const administers = mayEnterAdminPanel(me.department);
  // docs/user-guide.md#administration-menu: others enter for the administration tables their group may show.
  const enters = adminOnly ? administers : mayOpenAdminArea(me.department, permissions.data.tables);
  if (!enters) return <AdminRefusal department={me.department} />;
  return (
    <div className="admin-layout" data-testid="admin-layout">
      <AdminSidebar tables={permissions.data.tables} administers={administers} />
      <div className="admin-content">{children}</div>
    </div>
  );
}

/** Whether the signed-in user may use the admin area (for screens that load data only then). */
export function useMayAdminister(): boolean {
  const me = usePermissions().data?.me;
  return me !== undefined && mayEnterAdminPanel(me.department);
}
