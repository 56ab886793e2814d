import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useCrmQuery } from '../../../api/use-crm-call';
import {
  refreshWhileUnsettled,
  unsettledCount,
} from '../../../components/platform-operations/operation-polling';
import { OperationsTable } from '../../../components/platform-operations/OperationsTable';
import { platformOperationTexts as t } from '../../../i18n/platform-operation-texts';
import { TabState } from '../TabState';
import { useRefreshCalls } from '../lead-queries';
import { accountBody, type PlatformAccount } from './account-query';
import { ACCOUNT_CALLS } from './platform-views';

/**
 * The account's platform operations (docs/money.md#platform-operations): every deposit and withdrawal
 * risk asked for and every funding, with where it stands and the platform's reason. Read again every
 * two seconds while one is on its way; when one settles the balance and deal views reload too.
 */
export function OperationsView({ account }: { account: PlatformAccount }): ReactNode {
  const refresh = useRefreshCalls();
  const query = useCrmQuery(
    'getPlatformOperations',
    { body: accountBody(account) },
    { staleTime: 0, refetchInterval: (current) => refreshWhileUnsettled(current.state.data?.result) },
  );
  const operations = query.data?.result;
  const unsettled = unsettledCount(operations);
  const previous = useRef(unsettled);
  useEffect(() => {
    if (unsettled < previous.current) refresh(...ACCOUNT_CALLS);
    previous.current = unsettled;
  }, [unsettled, refresh]);
  if (!operations) return <TabState query={query} />;
  if (operations.length === 0) {
    return <NonIdealState icon="exchange" description={t.empty} className="lead-tab-empty" />;
  }
  return <OperationsTable operations={operations} />;
}
