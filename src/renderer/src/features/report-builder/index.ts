import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

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
