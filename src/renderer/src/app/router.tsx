import { createHashRouter } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LeadDetailRoute } from '../features/lead-detail/LeadDetailPage';
import { ListRoute } from '../features/list/ListRoute';
import { LoginPage } from '../features/login/LoginPage';
import { LogoutPage } from '../features/logout/LogoutPage';
import { CrmNotFoundPage } from '../features/not-found/CrmNotFoundPage';
import { PageNotFound } from '../features/not-found/PageNotFound';
import { ProfilePage } from '../features/profile/ProfilePage';
import { DetailRedirect } from '../features/record-edit/DetailRedirect';
import { EditRecordPage } from '../features/record-edit/EditRecordPage';
import { SetupPage } from '../features/setup/SetupPage';
import { AppShell } from '../shell/AppShell';
import { AuthGuard } from './AuthGuard';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Hash routing: the same build runs from file:// in Electron and from the CRM server's static folder,
 * and neither has to rewrite deep links to index.html.
 */
export function createAppRouter(): ReturnType<typeof createHashRouter> {
  return createHashRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: 'login', element: <LoginPage /> },
        { path: 'notfound', element: <CrmNotFoundPage /> },
        { path: 'setup', element: <SetupPage /> },
        { path: 'logout', element: <LogoutPage /> },
        {
          element: <AuthGuard />,
          children: [
            {
              element: <AppShell />,
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, element: <DashboardPage /> },
                { path: 'list/:table', element: <ListRoute /> },
                { path: 'leadDetail/:id', element: <LeadDetailRoute /> },
                { path: 'detail/:table/:id', element: <DetailRedirect /> },
                { path: 'edit/:table/:id', element: <EditRecordPage /> },
                { path: 'profile', element: <ProfilePage /> },
                { path: '*', element: <PageNotFound /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
