import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { OPTION_LIST_IDS, parsePlatformType } from '../../../../../shared/domain';
import { useOptions } from '../../../api/options';
import { usePermissions } from '../../../api/permissions';
import { useTableData } from '../../../api/table-data';
import { platformTexts as t } from '../../../i18n/platform-texts';
import { TabState } from '../TabState';
import type { PlatformAccount } from './account-query';
import { AccountViews } from './AccountViews';
import { AddPlatformForm } from './AddPlatformForm';
import { PLATFORM_TABLE, platformsQuery, timeText } from './platform-views';
import './platforms.css';

/** docs/requirements.md#departments-and-permissions: deposit and withdrawal buttons on platform accounts are risk's alone. */
const MONEY_DEPARTMENT = 'risk';

export type PlatformsTabProps = { leadId: number };

/**
 * Platformlar (see docs/requirements.md#lead-workspace-and-work-screens): the customer's accounts (login, Demo/Real, whitelabel, created_at), the add
 * platform form, and the views of the account picked from the list.
 */
export function PlatformsTab({ leadId }: PlatformsTabProps): ReactNode {
  const permissions = usePermissions();
  const whitelabels = useOptions(OPTION_LIST_IDS.whitelabels);
  const query = useMemo(() => platformsQuery(leadId), [leadId]);
  const platforms = useTableData(PLATFORM_TABLE, query);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const accounts = useMemo<(PlatformAccount & { whitelabel: string; created_at: string | null })[]>(
    () =>
      (platforms.data?.results ?? []).flatMap((row) => {
        const type = parsePlatformType(String(row.type ?? ''));
        if (typeof row.id !== 'number' || type === null) return [];
        const whitelabelId =
          row.whitelabel_id === null || row.whitelabel_id === undefined ? '' : String(row.whitelabel_id);
        return [
          {
            id: row.id,
            login: String(row.login ?? ''),
            type,
            whitelabel: whitelabels.data?.byValue.get(whitelabelId)?.label ?? whitelabelId,
            created_at: typeof row.created_at === 'string' ? row.created_at : null,
          },
        ];
      }),
    [platforms.data, whitelabels.data],
  );
  const selected = accounts.find((account) => account.id === selectedId) ?? null;
  const canMoveMoney = permissions.data?.me.department === MONEY_DEPARTMENT;

  return (
    <div className="lead-tab-body platforms-tab" data-testid="platforms-tab">
      <AddPlatformForm leadId={leadId} />
      <h4 className="platform-section-title">{t.accounts}</h4>
      {platforms.data ? (
        accounts.length === 0 ? (
          <NonIdealState icon="bank-account" description={t.noAccounts} className="lead-tab-empty" />
        ) : (
          <div className="lead-table-scroll">
            <HTMLTable compact striped interactive className="lead-table" data-testid="platform-accounts">
              <thead>
                <tr>
                  <th>{t.login}</th>
                  <th>{t.type}</th>
                  <th>{t.whitelabel}</th>
                  <th>{t.createdAt}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {accounts.map((account) => (
                  <tr
                    key={account.id}
                    data-testid="platform-account-row"
                    className={account.id === selectedId ? 'is-selected' : undefined}
                    onClick={() => setSelectedId(account.id)}
                  >
                    <td>{account.login}</td>
                    <td>{account.type}</td>
                    <td>{account.whitelabel || t.never}</td>
                    <td>{timeText(account.created_at)}</td>
                    <td>
                      <Button
                        size="small"
                        variant="minimal"
                        icon="eye-open"
                        text={t.open}
                        onClick={(event) => {
                          event.stopPropagation();
                          setSelectedId(account.id);
                        }}
                        data-testid={`platform-open-${account.login}`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )
      ) : (
        <TabState query={platforms} />
      )}
      {selected ? <AccountViews key={selected.id} account={selected} canMoveMoney={canMoveMoney} /> : null}
    </div>
  );
}
