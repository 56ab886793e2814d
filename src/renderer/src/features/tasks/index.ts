import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// The Görevler page (see docs/requirements.md#lead-workspace-and-work-screens); the menu names it gorevler.
export const tasksFeature: FeatureRoutes = {
  shell: [
    {
      path: 'tasks',
      lazy: lazyScreen(
        () => import('./TasksPage'),
        (m) => m.TasksPage,
      ),
    },
  ],
  namedRoutes: { gorevler: () => '/tasks' },
};
