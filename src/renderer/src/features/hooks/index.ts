import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

// Lead-assignment rules (see docs/requirements.md#lead-workspace-and-work-screens /hooks).
export const hooksFeature: FeatureRoutes = {
  shell: [
    {
      path: 'hooks',
      lazy: lazyScreen(
        () => import('./HooksPage'),
        (m) => m.HooksPage,
      ),
    },
  ],
  namedRoutes: { hooks: () => '/hooks' },
};
