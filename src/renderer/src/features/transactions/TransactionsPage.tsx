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
};

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
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(WORKSPACE_PAGE_SIZE);
  const query = useMemo(
    () => workspaceQuery(tabStatuses(tab, department), page, pageSize),
    [tab, department, page, pageSize],
  );
  const list = useTableData(TRANSACTIONS_TABLE, query);
  if (list.isError) {
    return (
      <Callout intent="danger" icon="error" data-testid="trx-load-error">
        <p>{list.error.message}</p>
        <Button icon="refresh" text={messages.retry} onClick={() => void list.refetch()} />
      </Callout>
    );
  }
  if (!list.data || !statuses.data) return <Spinner size={24} />;
  const pages = Math.max(1, Math.ceil(list.data.total / pageSize));
  return (
    <>
      <TransactionTable
        rows={list.data.results}
        department={department}
        statuses={statuses.data}
        showCustomer
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
 * /transactions (spec 2 §2, §4): tabs all, pending (default; finance and risk get their own pending
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
                title={TAB_TITLES[name]}
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
