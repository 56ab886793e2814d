import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

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
