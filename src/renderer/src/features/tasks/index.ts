import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

// The Görevler page (spec 2 §2); the menu names it gorevler.
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
