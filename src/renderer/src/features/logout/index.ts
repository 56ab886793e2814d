import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

// Signing out: ends the session and returns to the sign-in screen.
export const logoutFeature: FeatureRoutes = {
  open: [
    {
      path: 'logout',
      lazy: lazyScreen(
        () => import('./LogoutPage'),
        (m) => m.LogoutPage,
      ),
    },
  ],
};
