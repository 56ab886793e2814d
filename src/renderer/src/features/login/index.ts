import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

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
