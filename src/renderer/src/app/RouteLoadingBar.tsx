import { ProgressBar } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router-dom';
import { routeTexts } from '../i18n/route-texts';
import './route-loading.css';

/**
 * A thin bar across the top while the next screen's script is on its way: the old screen stays usable
 * meanwhile, but a slow network must not look like a dead click.
 */
export function RouteLoadingBar(): ReactNode {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div
      className="route-loading-bar"
      role="status"
      aria-label={routeTexts.loadingScreen}
      data-testid="route-loading"
    >
      <ProgressBar intent="primary" />
    </div>
  );
}
