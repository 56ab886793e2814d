import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

// What other features may use of the profile: the average-conversion text of its activity tab.
export { conversionDaysText } from './profile-form';

// The user's profile: contact, appearance, shortcut, password and activity.
export const profileFeature: FeatureRoutes = {
  shell: [
    {
      path: 'profile',
      lazy: lazyScreen(
        () => import('./ProfilePage'),
        (m) => m.ProfilePage,
      ),
    },
  ],
};
// The shell shows the forced password change instead of itself while an admin-set password is in use.
export { ForcedPasswordChange, type ForcedPasswordChangeProps } from './ForcedPasswordChange';
