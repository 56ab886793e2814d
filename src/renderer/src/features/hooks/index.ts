import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

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
