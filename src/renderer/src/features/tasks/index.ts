import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

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
