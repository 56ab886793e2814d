import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// The importer (/excel/{table}) and its report (/report/import), docs/user-guide.md#importing-leads; each screen its own script.
export const importerFeature: FeatureRoutes = {
  shell: [
    {
      path: 'excel/:table',
      lazy: lazyScreen(
        () => import('./ImporterPage'),
        (m) => m.ImporterPage,
      ),
    },
    {
      path: 'report/import',
      lazy: lazyScreen(
        () => import('./ImportReportPage'),
        (m) => m.ImportReportPage,
      ),
    },
  ],
  namedRoutes: { 'report/import': () => '/report/import' },
};
