import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// The lead detail screen (docs/requirements.md#lead-workspace-and-work-screens): header, tabs and the panels of one lead.
export const leadDetailFeature: FeatureRoutes = {
  shell: [
    {
      path: 'leadDetail/:id',
      lazy: lazyScreen(
        () => import('./LeadDetailPage'),
        (m) => m.LeadDetailRoute,
      ),
    },
  ],
};
