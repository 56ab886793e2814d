import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

// The report builder of docs/requirements.md#lead-workspace-and-work-screens (/reports); the menu's "Raporlar" entry names it by url.
export const reportBuilderFeature: FeatureRoutes = {
  shell: [
    {
      path: 'reports',
      lazy: lazyScreen(
        () => import('./ReportBuilderPage'),
        (m) => m.ReportBuilderPage,
      ),
    },
  ],
  namedRoutes: { reports: () => '/reports' },
};
