import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// The sign-in screen, outside the shell.
export const loginFeature: FeatureRoutes = {
  open: [
    {
      path: 'login',
      lazy: lazyScreen(
        () => import('./LoginPage'),
        (m) => m.LoginPage,
      ),
    },
  ],
};
