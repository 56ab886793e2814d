import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// The desktop app's server address screen, outside the shell.
export const setupFeature: FeatureRoutes = {
  open: [
    {
      path: 'setup',
      lazy: lazyScreen(
        () => import('./SetupPage'),
        (m) => m.SetupPage,
      ),
    },
  ],
};
