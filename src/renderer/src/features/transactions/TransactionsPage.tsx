import { Button, Callout, InputGroup, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { WORKSPACE_PAGE_SIZE } from '../../../../shared/domain';
import { PageSizeSelect } from '../../ui/PageSizeSelect';
import {
  tabStatuses,
  TRANSACTION_TABS,
  type TransactionTab,
} from '../../../../shared/domain/transaction-flow';
import { format, messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { useTableData } from '../../api/table-data';
import { useCrmQuery } from '../../api/use-crm-call';
import { transactionTexts as tt } from '../../i18n/transaction-texts';
import { uiTexts } from '../../i18n/ui-texts';
import { TransactionTable } from './TransactionTable';
import {
  TRANSACTIONS_TABLE,
  useTransactionStatuses,
  useTransactionUpdates,
  workspaceQuery,
} from './transaction-queries';

const TAB_TITLES: Readonly<Record<TransactionTab, string>> = {
  all: tt.tabAll,
  pending: tt.tabPending,
  completed: tt.tabCompleted,
  cancelled: tt.tabCancelled,
  spec: tt.tabSpec,
};

const NO_BODY = {};

/** The user's work queue (GET /transaction/queue): its statuses and the late mark's hours. */
function useQueue(): { statuses: readonly number[]; slaHours: number } | undefined {
  const queue = useCrmQuery('transactionQueue', NO_BODY, { staleTime: 60_000 });
  return useMemo(
    () => (queue.data ? { statuses: queue.data.statuses, slaHours: queue.data.sla_hours } : undefined),
    [queue.data],
  );
}

/** An empty queue filters on status 0, which no transaction has (an empty list would mean "any"). */
function queueFilter(statuses: readonly number[] | undefined): readonly number[] {
  return statuses && statuses.length > 0 ? statuses : [0];
}

/** "Bekleyenler (7)": the queue's size, counted by the list call itself (limit 1). */
function PendingTitle({ statuses }: { statuses: readonly number[] | undefined }): ReactNode {
  const query = useMemo(
    () => ({ ...workspaceQuery(queueFilter(statuses), 1, 1), fields: ['id'] }),
    [statuses],
  );
  const count = useTableData(TRANSACTIONS_TABLE, query);
  if (statuses === undefined || !count.data) return tt.tabPending;
  const total = `${count.data.total.toLocaleString('tr-TR')}${count.data.total_capped ? '+' : ''}`;
  return <span data-testid="trx-pending-count">{format(tt.tabPendingCount, { count: total })}</span>;
}

function isTab(value: string | null): value is TransactionTab {
  return value !== null && (TRANSACTION_TABS as readonly string[]).includes(value);
}

function SearchResults({ keyword, department }: { keyword: string; department: string }): ReactNode {
  const statuses = useTransactionStatuses();
  const search = useCrmQuery('searchTrx', { body: { keyword } });
  if (search.isError) return <Callout intent="danger">{search.error.message}</Callout>;
  if (!search.data || !statuses.data) return <Spinner size={24} />;
  return (
    <TransactionTable
      rows={search.data.results}
      department={department}
      statuses={statuses.data}
      showCustomer
    />
  );
}

function TabList({ tab, department }: { tab: TransactionTab; department: string }): ReactNode {
  const statuses = useTransactionStatuses();
  const queue = useQueue();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(WORKSPACE_PAGE_SIZE);
  const waiting = tab === 'pending';
  const query = useMemo(() => {
    const base = workspaceQuery(tabStatuses(tab, department, queueFilter(queue?.statuses)), page, pageSize);
    // The queue is worked oldest first; the other tabs read newest first.
    return waiting ? { ...base, sort: { name: 'created_at', type: 'asc' as const } } : base;
  }, [tab, department, page, pageSize, queue, waiting]);
  const list = useTableData(TRANSACTIONS_TABLE, query);
  if (list.isError) {
    return (
      <Callout intent="danger" icon="error" data-testid="trx-load-error">
        <p>{list.error.message}</p>
        <Button icon="refresh" text={messages.retry} onClick={() => void list.refetch()} />
      </Callout>
    );
  }
  if (!list.data || !statuses.data || (waiting && !queue)) return <Spinner size={24} />;
  const pages = Math.max(1, Math.ceil(list.data.total / pageSize));
  return (
    <>
      {waiting ? <p className="trx-queue-hint">{tt.queueHint}</p> : null}
      <TransactionTable
        rows={list.data.results}
        department={department}
        statuses={statuses.data}
        showCustomer
        queue={waiting && queue ? { slaHours: queue.slaHours } : undefined}
        emptyText={waiting ? tt.queueEmpty : undefined}
      />
      <div className="trx-pager">
        <span>
          {format(messages.totalRecordsCount, {
            total: `${list.data.total}${list.data.total_capped ? '+' : ''}`,
          })}
        </span>
        <Button
          icon="chevron-left"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
          aria-label={uiTexts.previousPage}
        />
        <span>{format(uiTexts.pageOf, { page, pages })}</span>
        <Button
          icon="chevron-right"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
          aria-label={uiTexts.nextPage}
        />
        <PageSizeSelect
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          testId="trx-page-size"
        />
      </div>
    </>
  );
}

/**
 * /transactions (see docs/requirements.md#lead-workspace-and-work-screens, #task-customer-and-money-states): tabs all, pending (default; finance and risk get their own pending
 * lists), completed, cancelled and rejected; a keyword search (POST /searchTrx). The tab is kept in the
 * address (?tab=), and pushes of other people's steps reload the list.
 */
export function TransactionsPage(): ReactNode {
  useTransactionUpdates();
  const permissions = usePermissions();
  const department = permissions.data?.me.department ?? '';
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TransactionTab = isTab(requested) ? requested : 'pending';
  const queueStatuses = useQueue()?.statuses;
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  return (
    <div className="page trx-page" data-testid="transactions-page">
      <header className="page-header">
        <h1 className="page-title">{tt.pageTitle}</h1>
        <form
          className="trx-search"
          onSubmit={(event) => {
            event.preventDefault();
            setKeyword(typed.trim());
          }}
        >
          <InputGroup
            leftIcon="search"
            placeholder={tt.searchPlaceholder}
            value={typed}
            onValueChange={setTyped}
            data-testid="trx-search"
          />
          <Button type="submit" text={messages.search} />
        </form>
      </header>
      {permissions.data ? (
        keyword !== '' ? (
          <div data-testid="trx-search-results">
            <div className="trx-search-head">
              <span>{format(tt.searchResults, { keyword })}</span>
              <Button
                size="small"
                icon="cross"
                text={tt.clearSearch}
                onClick={() => {
                  setKeyword('');
                  setTyped('');
                }}
              />
            </div>
            <SearchResults keyword={keyword} department={department} />
          </div>
        ) : (
          <Tabs
            id="trx-tabs"
            selectedTabId={tab}
            onChange={(next) => setParams({ tab: String(next) }, { replace: true })}
          >
            {TRANSACTION_TABS.map((name) => (
              <Tab
                key={name}
                id={name}
                title={name === 'pending' ? <PendingTitle statuses={queueStatuses} /> : TAB_TITLES[name]}
                data-testid={`trx-tab-${name}`}
                panel={name === tab ? <TabList key={name} tab={name} department={department} /> : undefined}
              />
            ))}
          </Tabs>
        )
      ) : (
        <Spinner size={24} />
      )}
    </div>
  );
}
