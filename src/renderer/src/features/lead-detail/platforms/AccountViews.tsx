import { Button, HTMLTable, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useCrmQuery } from '../../../api/use-crm-call';
import { platformTexts as t } from '../../../i18n/platform-texts';
import { TabState } from '../TabState';
import { accountBody, type PlatformAccount } from './account-query';
import { MoneyDialog } from './MoneyDialog';
import { OperationsView } from './OperationsView';
import {
  ACCOUNT_VIEWS,
  LIST_VIEWS,
  moneyText,
  timeText,
  type AccountView,
  type ListView,
} from './platform-views';

function InfoView({ account }: { account: PlatformAccount }): ReactNode {
  const info = useCrmQuery('getPlatformInfo', { body: accountBody(account) }, { staleTime: 0 });
  if (!info.data) return <TabState query={info} />;
  const data = info.data.result;
  const rows: [string, string, string][] = [
    ['login', t.login, data.Login],
    ['name', t.name, data.Name],
    ['registration', t.registration, timeText(data.Registration)],
    ['last-access', t.lastAccess, timeText(data.LastAccess)],
    ['last-pass-change', t.lastPassChange, timeText(data.LastPassChange)],
    ['group', t.group, data.Group],
    ['balance', t.balance, moneyText(data.Balance)],
    ['credit', t.credit, moneyText(data.Credit)],
    ['equity', t.equity, moneyText(data.Equity)],
    ['leverage', t.leverage, `1:${data.Leverage}`],
  ];
  return (
    <HTMLTable compact className="lead-table platform-info" data-testid="platform-info">
      <tbody>
        {rows.map(([key, label, value]) => (
          <tr key={key}>
            <th>{label}</th>
            <td data-testid={`platform-info-${key}`}>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function ListViewTable({ account, view }: { account: PlatformAccount; view: ListView }): ReactNode {
  const { call, columns } = LIST_VIEWS[view];
  const query = useCrmQuery(call, { body: accountBody(account) }, { staleTime: 0 });
  if (!query.data) return <TabState query={query} />;
  const rows = query.data.result as readonly Record<string, unknown>[];
  if (rows.length === 0) {
    return <NonIdealState icon="th-disconnect" description={t.empty} className="lead-tab-empty" />;
  }
  return (
    <div className="lead-table-scroll">
      <HTMLTable compact striped className="lead-table platform-table" data-testid={`platform-${view}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={column.numeric ? 'is-numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={String(row[columns[0]?.key ?? ''] ?? index)} data-testid={`platform-${view}-row`}>
              {columns.map((column) => (
                <td key={column.key} className={column.numeric ? 'is-numeric' : undefined}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export type AccountViewsProps = { account: PlatformAccount; canMoveMoney: boolean };

/**
 * One account's views (see docs/requirements.md#lead-workspace-and-work-screens): platform info, open positions, pending orders, closed positions,
 * deposits and withdrawals, and the account's platform operations (where each move risk asked for
 * stands); the deposit and withdrawal buttons only for risk (see docs/requirements.md#departments-and-permissions).
 */
export function AccountViews({ account, canMoveMoney }: AccountViewsProps): ReactNode {
  const [view, setView] = useState<AccountView>('info');
  const [money, setMoney] = useState<'deposit' | 'withdrawal' | null>(null);
  return (
    <div className="platform-account" data-testid="platform-account">
      <div className="platform-account-header">
        <h4 className="platform-account-title">
          {t.selected}: {account.login} ({account.type})
        </h4>
        {canMoveMoney ? (
          <div className="platform-account-actions">
            <Button
              size="small"
              intent="success"
              icon="plus"
              text={t.deposit}
              onClick={() => setMoney('deposit')}
              data-testid="platform-deposit"
            />
            <Button
              size="small"
              intent="warning"
              icon="minus"
              text={t.withdrawal}
              onClick={() => setMoney('withdrawal')}
              data-testid="platform-withdrawal"
            />
          </div>
        ) : null}
      </div>
      <Tabs
        id="platform-views"
        selectedTabId={view}
        onChange={(id) => setView(id as AccountView)}
        renderActiveTabPanelOnly
      >
        {ACCOUNT_VIEWS.map((item) => (
          <Tab
            key={item.id}
            id={item.id}
            title={item.title}
            data-testid={`platform-view-${item.id}`}
            panel={
              item.id === 'info' ? (
                <InfoView account={account} />
              ) : item.id === 'operations' ? (
                <OperationsView account={account} />
              ) : (
                <ListViewTable account={account} view={item.id} />
              )
            }
          />
        ))}
      </Tabs>
      {money !== null ? (
        <MoneyDialog
          account={account}
          direction={money}
          onClose={() => setMoney(null)}
          onQueued={() => setView('operations')}
        />
      ) : null}
    </div>
  );
}
