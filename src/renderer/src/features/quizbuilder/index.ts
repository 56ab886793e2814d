import type { FeatureRoutes } from '../../app/feature-routes';
import { lazyScreen } from '../../app/lazy-screen';

// The survey builder (spec 2 §2 /quizbuilder).
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
