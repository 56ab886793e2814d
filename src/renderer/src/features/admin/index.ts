import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// What other features may use of the admin area: its layout (sidebar, refusal) for the admin screens.
export { AdminLayout, useMayAdminister, type AdminLayoutProps } from './AdminLayout';

// The admin area (see docs/requirements.md#shell-lists-and-chat): the panel, its users screen and the admin data tables, for admins.
export const adminFeature: FeatureRoutes = {
  shell: [
    {
      path: 'admin',
      lazy: lazyScreen(
        () => import('./AdminPage'),
        (m) => m.AdminPage,
      ),
    },
    {
      path: 'admin/users',
      lazy: lazyScreen(
        () => import('./users/AdminUsersPage'),
        (m) => m.AdminUsersPage,
      ),
    },
    {
      path: 'admin/:table',
      lazy: lazyScreen(
        () => import('./AdminTableRoute'),
        (m) => m.AdminTableRoute,
      ),
    },
  ],
};
