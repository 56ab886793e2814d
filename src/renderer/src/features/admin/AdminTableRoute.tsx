import { Classes, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { tableName } from '../../../../shared/contract';
import { messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { adminTexts } from '../../i18n/admin-texts';
import { ListPage } from '../list';
import { AdminLayout } from './AdminLayout';

/**
 * /admin/{table} (see docs/requirements.md#shell-lists-and-chat): the admin data table, i.e. the generic list with its edit modal and
 * /detail/ links, beside the admin sidebar. A table the group may not see says so in the server's words.
 */
export function AdminTableRoute(): ReactNode {
  const { table = '' } = useParams();
  return <AdminTable table={table} />;
}

/** One admin data table by name (also /admin/users for those who are not admins). */
export function AdminTable({ table }: { table: string }): ReactNode {
  const permissions = usePermissions();
  const parsed = tableName.safeParse(table);
  const known =
    parsed.success &&
    permissions.data?.tables.some((entry) => entry.table === parsed.data && entry.url === null);
  return (
    <AdminLayout>
      {parsed.success && known ? (
        <ListPage key={parsed.data} table={parsed.data} />
      ) : (
        <div className="page page-centered" data-testid="table-unavailable">
          <NonIdealState
            icon="lock"
            title={messages.tableNotFound}
            action={
              <Link to="/admin" className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}>
                {adminTexts.dashboard}
              </Link>
            }
          />
        </div>
      )}
    </AdminLayout>
  );
}
