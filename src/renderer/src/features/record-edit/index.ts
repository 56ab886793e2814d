import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// A record of any table on its own page: /edit/{table}/{id}, and /detail/{table}/{id} leading there.
export const recordEditFeature: FeatureRoutes = {
  shell: [
    {
      path: 'detail/:table/:id',
      lazy: lazyScreen(
        () => import('./DetailRedirect'),
        (m) => m.DetailRedirect,
      ),
    },
    {
      path: 'edit/:table/:id',
      lazy: lazyScreen(
        () => import('./EditRecordPage'),
        (m) => m.EditRecordPage,
      ),
    },
  ],
};
