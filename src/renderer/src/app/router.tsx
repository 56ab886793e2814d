import { createHashRouter, type RouteObject } from 'react-router-dom';
import { routeTexts } from '../i18n/route-texts';
import { AuthGuard } from './AuthGuard';
import type { FeatureRoutes } from '../routing/feature-routes';
import { FEATURES } from './features';
import { FullPageStatus } from '../ui/FullPageStatus';
import { lazyScreen, withPrefetch } from '../routing/lazy-screen';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Hash routing: the same build runs from file:// in Electron and from the CRM server's static folder,
 * and neither has to rewrite deep links to index.html.
 *
 * Every screen is its own script, fetched on its first visit (see docs/architecture.md#renderer-features): the first screen loads only
 * the gate and itself. A script that fails or takes over 120 s ends on RouteErrorPage (see docs/requirements.md#messages-the-user-reads).
 *
 * How a feature registers: its folder's index.ts exports `xFeature: FeatureRoutes` (its screens through
 * lazyScreen, inside the shell or outside it, and the menu's named routes), and app/features.ts lists it
 * with one line. This table and the menu (shell/menu-targets.ts) are built from that list.
 */
export function createAppRouter(): ReturnType<typeof createHashRouter> {
  return createHashRouter(appRoutes());
}

/** The route table of the registered features (routing/feature-registry.ts). */
export function appRoutes(features: readonly FeatureRoutes[] = FEATURES): RouteObject[] {
  // The screens inside the shell; their scripts are prefetched once the shell is up.
  const shellScreens: RouteObject[] = features.flatMap((feature) => feature.shell ?? []);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      // While the first screen's script arrives.
      hydrateFallbackElement: <FullPageStatus text={routeTexts.loadingScreen} testId="screen-loading" />,
      children: [
        ...features.flatMap((feature) => feature.open ?? []),
        {
          element: <AuthGuard />,
          children: [
            {
              lazy: withPrefetch(
                lazyScreen(
                  () => import('./ShellRoute'),
                  (m) => m.ShellRoute,
                ),
                shellScreens,
              ),
              errorElement: <RouteErrorPage />,
              children: shellScreens,
            },
          ],
        },
      ],
    },
  ];
}
