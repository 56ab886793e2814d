import { Classes, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/i18n/messages';
import { useBridge } from '../../bridge/bridge-context';
import { uiTexts } from '../../i18n/ui-texts';

/** /notfound: the configured address answers, but not as this CRM's API (see docs/requirements.md#shell-lists-and-chat). */
export function CrmNotFoundPage(): ReactNode {
  const bridge = useBridge();
  return (
    <div className="full-page-status" data-testid="crm-not-found">
      <NonIdealState
        icon="globe-network"
        title={messages.crmNotFound}
        description={uiTexts.notFoundDetail}
        action={
          <div className="not-found-actions">
            <Link
              to="/"
              className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
              data-testid="notfound-retry"
            >
              {messages.retry}
            </Link>
            {bridge.edition === 'desktop' ? (
              <Link to="/setup" className={Classes.BUTTON} data-testid="notfound-setup">
                {uiTexts.changeServer}
              </Link>
            ) : null}
          </div>
        }
      />
    </div>
  );
}
