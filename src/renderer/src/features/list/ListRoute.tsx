import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { tableName } from '../../../../shared/contract';
import { PageNotFound } from '../not-found/PageNotFound';
import { ListPage } from './ListPage';

/** /list/:table. Keyed by table so sort, paging and selection start afresh on a route change (spec 1 §2). */
export function ListRoute(): ReactNode {
  const { table = '' } = useParams();
  const parsed = tableName.safeParse(table);
  if (!parsed.success) return <PageNotFound />;
  return <ListPage key={parsed.data} table={parsed.data} />;
}
