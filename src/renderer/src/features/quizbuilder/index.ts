import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

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
