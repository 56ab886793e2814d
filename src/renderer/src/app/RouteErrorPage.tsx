import { Button, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { routeTexts } from '../i18n/route-texts';
import { uiTexts } from '../i18n/ui-texts';
import { isChunkLoadError } from '../routing/lazy-screen';

/**
 * Last line of defence for a route: a Turkish message and a way out instead of a blank window. A screen
 * whose script did not arrive (see docs/requirements.md#messages-the-user-reads) gets its own message: reloading is the cure, not a bug report.
 */
export function RouteErrorPage(): ReactNode {
  const error = useRouteError();
  const reload = (): void => window.location.reload();
  if (isChunkLoadError(error)) {
    return (
      <div className="full-page-status" data-testid="chunk-load-error">
        <NonIdealState
          icon="offline"
          title={routeTexts.chunkLoadFailed}
          description={routeTexts.chunkLoadFailedDetail}
          action={<Button intent="primary" icon="refresh" text={routeTexts.reload} onClick={reload} />}
        />
      </div>
    );
  }
  // Shown for support; the user-facing text stays Turkish.
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="full-page-status" data-testid="route-error">
      <NonIdealState
        icon="error"
        title={uiTexts.unexpectedError}
        description={detail}
        action={<Button intent="primary" text={uiTexts.reloadPage} onClick={reload} />}
      />
    </div>
  );
}
