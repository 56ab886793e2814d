import { Classes, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { uiTexts } from '../../i18n/ui-texts';

/** An address inside the app that this version has no screen for. */
export function PageNotFound(): ReactNode {
  return (
    <div className="page page-centered" data-testid="page-not-found">
      <NonIdealState
        icon="search"
        title={uiTexts.pageNotFound}
        description={uiTexts.pageNotFoundDetail}
        action={
          <Link to="/" className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}>
            {uiTexts.goHome}
          </Link>
        }
      />
    </div>
  );
}
