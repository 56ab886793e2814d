import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// What other features may use of the not-found screens: the page for an unknown address or record.
export { PageNotFound } from './PageNotFound';

// /notfound (the server answers, but not as this CRM) and every address inside the shell without a screen.
export const notFoundFeature: FeatureRoutes = {
  open: [
    {
      path: 'notfound',
      lazy: lazyScreen(
        () => import('./CrmNotFoundPage'),
        (m) => m.CrmNotFoundPage,
      ),
    },
  ],
  shell: [
    {
      path: '*',
      lazy: lazyScreen(
        () => import('./PageNotFound'),
        (m) => m.PageNotFound,
      ),
    },
  ],
};
