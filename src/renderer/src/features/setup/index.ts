import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

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
