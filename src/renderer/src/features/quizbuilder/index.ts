import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

// The survey builder (see docs/requirements.md#lead-workspace-and-work-screens /quizbuilder).
export const quizbuilderFeature: FeatureRoutes = {
  shell: [
    {
      path: 'quizbuilder',
      lazy: lazyScreen(
        () => import('./QuizBuilderPage'),
        (m) => m.QuizBuilderPage,
      ),
    },
  ],
  namedRoutes: { quizbuilder: () => '/quizbuilder' },
};
