import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// Leads due to be called; the menu's /tasks leads here too (see docs/requirements.md#lead-workspace-and-work-screens note).
export const callPeriodsFeature: FeatureRoutes = {
  shell: [
    {
      path: 'call-periods',
      lazy: lazyScreen(
        () => import('./CallPeriodsPage'),
        (m) => m.CallPeriodsPage,
      ),
    },
  ],
  namedRoutes: { tasks: () => '/call-periods', 'call-periods': () => '/call-periods' },
};
