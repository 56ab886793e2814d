import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// The report builder schedules a saved report with the same dialog as /report/periodic.
export { PeriodicReportDialog } from './PeriodicReportDialog';

// The report screens of docs/requirements.md#lead-workspace-and-work-screens (the menu's Raporlar entries name them by url).
export const reportsFeature: FeatureRoutes = {
  shell: [
    {
      path: 'report/utm',
      lazy: lazyScreen(
        () => import('./UtmReportPage'),
        (m) => m.UtmReportPage,
      ),
    },
    {
      path: 'report/agent',
      lazy: lazyScreen(
        () => import('./AgentReportPage'),
        (m) => m.AgentReportPage,
      ),
    },
    {
      path: 'piechart/firstFund',
      lazy: lazyScreen(
        () => import('./FirstFundPage'),
        (m) => m.FirstFundPage,
      ),
    },
    {
      path: 'report/monthly',
      lazy: lazyScreen(
        () => import('./MonthlyReportPage'),
        (m) => m.MonthlyReportPage,
      ),
    },
    {
      path: 'report/periodic',
      lazy: lazyScreen(
        () => import('./PeriodicReportsPage'),
        (m) => m.PeriodicReportsPage,
      ),
    },
  ],
  namedRoutes: {
    'report/utm': () => '/report/utm',
    'report/agent': () => '/report/agent',
    'piechart/firstFund': () => '/piechart/firstFund',
    'report/monthly': () => '/report/monthly',
    'report/periodic': () => '/report/periodic',
  },
};
