import { Button, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { uiTexts } from '../i18n/ui-texts';

/** Last line of defence for a render error: a Turkish message and a way out instead of a blank window. */
export function RouteErrorPage(): ReactNode {
  const error = useRouteError();
  // Shown for support; the user-facing text stays Turkish.
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="full-page-status" data-testid="route-error">
      <NonIdealState
        icon="error"
        title={uiTexts.unexpectedError}
        description={detail}
        action={
          <Button intent="primary" text={uiTexts.reloadPage} onClick={() => window.location.reload()} />
        }
      />
    </div>
  );
}
