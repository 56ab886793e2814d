import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// The home screen: menu tiles, lead charts and the reminder calendar.
export const dashboardFeature: FeatureRoutes = {
  shell: [
    {
      index: true,
      lazy: lazyScreen(
        () => import('./DashboardPage'),
        (m) => m.DashboardPage,
      ),
    },
  ],
  namedRoutes: { home: () => '/', dashboard: () => '/' },
};
