import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { recordId, tableName } from '../../../../shared/contract';
import { recordPath } from '../../../../shared/domain/constants';
import { PageNotFound } from '../not-found';

/**
 * /detail/{table}/{id} (see docs/requirements.md#lead-workspace-and-work-screens): a lead opens its workspace, any other record the generic edit form.
 * The query (a lead's ?trx=) goes along.
 */
export function DetailRedirect(): ReactNode {
  const params = useParams();
  const { search } = useLocation();
  const table = tableName.safeParse(params.table ?? '');
  const id = recordId.safeParse(params.id ?? '');
  if (!table.success || !id.success) return <PageNotFound />;
  // Customers are leads: they open in the workspace too (docs/user-guide.md#kayitlari-acmak).
  const pathname = recordPath(table.data, id.data);
  return <Navigate to={{ pathname, search }} replace />;
}
