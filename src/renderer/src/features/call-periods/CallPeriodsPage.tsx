import {
  Button,
  Callout,
  Checkbox,
  ControlGroup,
  HTMLSelect,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CallPeriodRow } from '../../../../shared/contract/call-periods';
import { OPTION_LIST_IDS } from '../../../../shared/domain/constants';
import { formatDateTimeTr } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
import { useOptions } from '../../api/options';
import { usePermissions } from '../../api/permissions';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { workTexts } from '../../i18n/work-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import './call-periods.css';

/** The menu entry whose update flag lets a user hand due leads to another agent. */
const SCREEN = 'call_periods';

function DaysTag({ row }: { row: CallPeriodRow }): ReactNode {
  if (row.days_elapsed <= 0) return <Tag minimal>{workTexts.dueToday}</Tag>;
  return (
    <Tag minimal intent={row.days_elapsed >= 7 ? 'danger' : 'warning'}>
      {format(workTexts.daysElapsed, { days: row.days_elapsed })}
    </Tag>
  );
}

/**
 * /call-periods (see docs/requirements.md#lead-workspace-and-work-screens): leads due to be called, most overdue first (name, lead status, agent, date
 * to be called, days elapsed). Ticked rows get another agent in one bulk change (/bulk/save/, agent_id),
 * which the server checks against the user's scope like any bulk edit.
 */
export function CallPeriodsPage(): ReactNode {
  usePageTitle(workTexts.callPeriodsTitle);
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const canReassign = permissions.data?.tables.find((entry) => entry.table === SCREEN)?.update === 1;
  const agents = useOptions(OPTION_LIST_IDS.agents);
  const statuses = useOptions(OPTION_LIST_IDS.leadStatuses);
  const [agentFilter, setAgentFilter] = useState('');
  const [statusFilter, setStatusFilter] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [newAgent, setNewAgent] = useState('');
  const filters = {
    ...(agentFilter !== '' ? { agent_id: Number(agentFilter) } : {}),
    ...(statusFilter !== '' ? { status_id: Number(statusFilter) } : {}),
  };
  const list = useCrmQuery('callPeriods', { body: { filters } });
  const bulk = useCrmMutation('bulkSave');
  const rows = useMemo(() => list.data?.results ?? [], [list.data]);
  const visibleIds = rows.map((row) => row.lead_id);
  const chosen = visibleIds.filter((id) => selected.has(id));
  const allChosen = visibleIds.length > 0 && chosen.length === visibleIds.length;

  const toggle = (id: number, on: boolean): void => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  const reassign = (): void => {
    if (newAgent === '') return notifier.warning(workTexts.bulkChooseAgent);
    if (chosen.length === 0) return notifier.warning(messages.bulkNoneSelected);
    bulk.mutate(
      { body: { ids: chosen, table: 'leads', fieldName: 'agent_id', fieldValue: newAgent } },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          setSelected(new Set());
          void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'callPeriods'] });
          void queryClient.invalidateQueries({ queryKey: ['crm', 'table'] });
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  const body = (): ReactNode => {
    if (list.isPending) return <Spinner size={24} className="work-cp-spinner" />;
    if (list.isError) {
      return (
        <Callout intent="danger" icon="error" title={workTexts.callPeriodsLoadFailed}>
          {list.error.message}{' '}
          <Button size="small" icon="refresh" text={messages.retry} onClick={() => void list.refetch()} />
        </Callout>
      );
    }
    if (rows.length === 0) return <NonIdealState icon="phone" description={workTexts.callPeriodsEmpty} />;
    return (
      <div className="work-cp-table-wrap">
        <HTMLTable compact striped interactive className="work-cp-table" data-testid="call-periods-table">
          <thead>
            <tr>
              {canReassign ? (
                <th className="work-cp-check">
                  <Checkbox
                    checked={allChosen}
                    indeterminate={chosen.length > 0 && !allChosen}
                    onChange={(event) =>
                      setSelected(event.currentTarget.checked ? new Set(visibleIds) : new Set())
                    }
                    aria-label={workTexts.selectAll}
                    data-testid="call-periods-select-all"
                  />
                </th>
              ) : null}
              <th>{workTexts.colName}</th>
              <th>{workTexts.colStatus}</th>
              <th>{workTexts.colAgent}</th>
              <th>{workTexts.colDate}</th>
              <th>{workTexts.colDays}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.lead_id} data-testid={`call-period-${row.lead_id}`}>
                {canReassign ? (
                  <td className="work-cp-check">
                    <Checkbox
                      checked={selected.has(row.lead_id)}
                      onChange={(event) => toggle(row.lead_id, event.currentTarget.checked)}
                      aria-label={row.name}
                      data-testid={`call-period-check-${row.lead_id}`}
                    />
                  </td>
                ) : null}
                <td>
                  <Link to={`/leadDetail/${row.lead_id}`}>{row.name}</Link>
                </td>
                <td>{row.status ?? ''}</td>
                <td data-testid={`call-period-agent-${row.lead_id}`}>{row.agent ?? ''}</td>
                <td>{formatDateTimeTr(row.datetime)}</td>
                <td>
                  <DaysTag row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  };

  return (
    <div className="page work-cp-page" data-testid="call-periods-page">
      <header className="page-header">
        <h1 className="page-title">{workTexts.callPeriodsTitle}</h1>
      </header>
      <div className="work-cp-toolbar">
        <ControlGroup>
          <HTMLSelect
            value={agentFilter}
            onChange={(event) => setAgentFilter(event.currentTarget.value)}
            aria-label={workTexts.colAgent}
          >
            <option value="">{workTexts.allAgents}</option>
            {(agents.data?.items ?? []).map((item) => (
              <option key={String(item.value)} value={String(item.value)}>
                {item.label}
              </option>
            ))}
          </HTMLSelect>
          <HTMLSelect
            value={statusFilter}
            onChange={(event) => setStatusFilter(event.currentTarget.value)}
            aria-label={workTexts.colStatus}
          >
            <option value="">{workTexts.allStatuses}</option>
            {(statuses.data?.items ?? []).map((item) => (
              <option key={String(item.value)} value={String(item.value)}>
                {item.label}
              </option>
            ))}
          </HTMLSelect>
          <Button
            icon="refresh"
            aria-label={messages.retry}
            title={messages.retry}
            onClick={() => void list.refetch()}
          />
        </ControlGroup>
        {list.data ? (
          <span className="work-cp-total">
            {format(workTexts.totalDue, { total: list.data.total.toLocaleString('tr-TR') })}
          </span>
        ) : null}
        <Link to="/tasks" className="work-cp-tasks-link">
          {workTexts.openTasks}
        </Link>
      </div>
      {canReassign ? (
        <div className="work-cp-bulk" data-testid="call-periods-bulk">
          <span>{format(workTexts.selectedCount, { count: chosen.length })}</span>
          <ControlGroup>
            <HTMLSelect
              value={newAgent}
              onChange={(event) => setNewAgent(event.currentTarget.value)}
              aria-label={workTexts.bulkAgent}
              data-testid="call-periods-new-agent"
            >
              <option value="">{workTexts.bulkAgent}</option>
              {(agents.data?.items ?? []).map((item) => (
                <option key={String(item.value)} value={String(item.value)}>
                  {item.label}
                </option>
              ))}
            </HTMLSelect>
            <Button
              intent="primary"
              icon="people"
              text={workTexts.bulkApply}
              disabled={chosen.length === 0}
              loading={bulk.isPending}
              onClick={reassign}
              data-testid="call-periods-apply"
            />
          </ControlGroup>
        </div>
      ) : null}
      {body()}
    </div>
  );
}
