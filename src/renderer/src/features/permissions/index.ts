import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// The permission editor of a user group (see docs/requirements.md#shell-lists-and-chat /user/permissions/{id}); no group id: the first group.
export const permissionsFeature: FeatureRoutes = {
  shell: [
    {
      path: 'user/permissions/:id?',
      lazy: lazyScreen(
        () => import('./PermissionEditorPage'),
        (m) => m.PermissionEditorPage,
      ),
    },
  ],
};
