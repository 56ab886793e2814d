import { Classes, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { tableName } from '../../../../shared/contract';
import { messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { uiTexts } from '../../i18n/ui-texts';
import { PageNotFound } from '../not-found';
import { ListPage } from './ListPage';

/**
 * A table the user's group may not see (or that does not exist): the server's own words, without the
 * table's code name as a title and without asking for a list that would only fail.
 */
function TableUnavailable(): ReactNode {
  return (
    <div className="page page-centered" data-testid="table-unavailable">
      <NonIdealState
        icon="lock"
        title={messages.tableNotFound}
        action={
          <Link to="/" className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}>
            {uiTexts.goHome}
          </Link>
        }
      />
    </div>
  );
}

/** /list/:table. Keyed by table so sort, paging and selection start afresh on a route change (see docs/requirements.md#shell-lists-and-chat). */
export function ListRoute(): ReactNode {
  const { table = '' } = useParams();
  // The shell loaded GET /permissions before any page: it lists every table the user may see.
  const permissions = usePermissions();
  const parsed = tableName.safeParse(table);
  if (!parsed.success) return <PageNotFound />;
  if (permissions.data && !permissions.data.tables.some((entry) => entry.table === parsed.data)) {
    return <TableUnavailable />;
  }
  return <ListPage key={parsed.data} table={parsed.data} />;
}
