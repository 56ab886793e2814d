import {
  Button,
  Callout,
  ControlGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { OPTION_LIST_IDS } from '../../../../shared/domain/constants';
import { messages } from '../../../../shared/i18n/messages';
import { useOptions } from '../../api/options';
import { usePermissions } from '../../api/permissions';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { TurkishDateInput } from '../../components/date-input';
import { workTexts } from '../../i18n/work-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { TaskRow } from './TaskRow';
import { TaskTemplates } from './TaskTemplates';
import { parseLeadId, tabStatus, taskTabFromHash, type TaskTab } from './task-page-helpers';
import { useRefresh } from './use-refresh';
import './tasks.css';

const MANAGERS: ReadonlySet<string> = new Set(['admin', 'sales_manager']);

type Filters = { agentId: string; dueFrom: string; dueTo: string };
const NO_FILTERS: Filters = { agentId: '', dueFrom: '', dueTo: '' };

/** A new top-level task: title, optionally a lead (#LEAD) and a due day. */
function NewTaskForm(): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefresh();
  const [title, setTitle] = useState('');
  const [leadText, setLeadText] = useState('');
  const [due, setDue] = useState('');
  const add = useCrmMutation('taskAdd');

  const submit = (): void => {
    if (title.trim() === '') return notifier.warning(messages.taskTitleRequired);
    const leadId = leadText.trim() === '' ? undefined : parseLeadId(leadText);
    if (leadId === null) return notifier.warning(workTexts.leadIdInvalid);
    add.mutate(
      {
        body: {
          inputs: {
            title: title.trim(),
            parent_id: 0,
            agents: [],
            ...(leadId !== undefined ? { lead_id: leadId } : {}),
            ...(due !== '' ? { due_date: due } : {}),
          },
        },
      },
      {
        onSuccess: (answer) => {
          setTitle('');
          setLeadText('');
          setDue('');
          notifier.success(answer.msg);
          refresh('tasks');
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <form
      noValidate
      className="work-new-task"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <InputGroup
        className="work-grow"
        value={title}
        onValueChange={setTitle}
        placeholder={workTexts.taskNewTitle}
        aria-label={workTexts.taskNewTitle}
        maxLength={255}
        data-testid="work-task-title"
      />
      <InputGroup
        className="work-lead-box"
        value={leadText}
        onValueChange={setLeadText}
        placeholder={workTexts.taskNewLead}
        aria-label={workTexts.taskNewLead}
        data-testid="work-task-lead"
      />
      <TurkishDateInput
        value={due}
        onChange={setDue}
        withTime={false}
        placeholder={workTexts.taskNewDue}
        ariaLabel={workTexts.taskNewDue}
        testId="work-task-due"
      />
      <Button
        type="submit"
        intent="primary"
        icon="add"
        text={workTexts.taskAdd}
        loading={add.isPending}
        data-testid="work-task-add"
      />
    </form>
  );
}

/** Managers filter by agent and due date (see docs/user-guide.md#tasks-call-periods-rules-offers-and-surveys); agents see their own tasks. */
function TaskFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
}): ReactNode {
  const agents = useOptions(OPTION_LIST_IDS.agents);
  return (
    <ControlGroup className="work-filters">
      <HTMLSelect
        value={filters.agentId}
        onChange={(event) => onChange({ ...filters, agentId: event.currentTarget.value })}
        aria-label={workTexts.filterAgent}
        data-testid="work-task-filter-agent"
      >
        <option value="">{workTexts.filterAgentOwn}</option>
        {(agents.data?.items ?? []).map((item) => (
          <option key={String(item.value)} value={String(item.value)}>
            {item.label}
          </option>
        ))}
      </HTMLSelect>
      <TurkishDateInput
        value={filters.dueFrom}
        onChange={(dueFrom) => onChange({ ...filters, dueFrom })}
        withTime={false}
        placeholder={workTexts.filterDueFrom}
        ariaLabel={workTexts.filterDueFrom}
        testId="work-task-filter-from"
      />
      <TurkishDateInput
        value={filters.dueTo}
        onChange={(dueTo) => onChange({ ...filters, dueTo })}
        withTime={false}
        placeholder={workTexts.filterDueTo}
        ariaLabel={workTexts.filterDueTo}
        testId="work-task-filter-to"
      />
      <Button
        icon="filter-remove"
        text={workTexts.filterClear}
        onClick={() => onChange(NO_FILTERS)}
        disabled={filters === NO_FILTERS}
      />
    </ControlGroup>
  );
}

function TaskList({ tab, filters }: { tab: TaskTab; filters: Filters }): ReactNode {
  const body = {
    parent_id: 0,
    status: tabStatus(tab),
    ...(filters.agentId !== '' ? { agent_id: Number(filters.agentId) } : {}),
    ...(filters.dueFrom !== '' ? { due_from: filters.dueFrom } : {}),
    ...(filters.dueTo !== '' ? { due_to: filters.dueTo } : {}),
  };
  const tasks = useCrmQuery('tasks', { body });
  if (tasks.isPending) return <Spinner size={24} className="work-spinner" />;
  if (tasks.isError) {
    return (
      <Callout intent="danger" icon="error" title={workTexts.tasksLoadFailed}>
        {tasks.error.message}{' '}
        <Button size="small" icon="refresh" text={messages.retry} onClick={() => void tasks.refetch()} />
      </Callout>
    );
  }
  const list = tasks.data.results;
  if (list.length === 0) {
    return (
      <NonIdealState
        icon="tick-circle"
        description={tab === 'gorevler' ? workTexts.tasksEmptyOpen : workTexts.tasksEmptyDone}
      />
    );
  }
  return (
    <ul className="work-task-list" data-testid={`work-task-list-${tab}`}>
      {list.map((task) => (
        <TaskRow key={task.id} task={task} />
      ))}
    </ul>
  );
}

/**
 * Görevler (see docs/requirements.md#lead-workspace-and-work-screens): tabs GÖREVLER (open) and TAMAMLANMIŞ GÖREVLER (completed), the active tab in the
 * hash; tasks with subtasks and agents, leads shown as #LEAD{id}; task templates managed and applied here.
 */
export function TasksPage(): ReactNode {
  usePageTitle(workTexts.tasksTitle);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const tab = taskTabFromHash(hash);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const permissions = usePermissions();
  const department = permissions.data?.me.department ?? '';
  const manager = MANAGERS.has(department);
  const templatesEntry = permissions.data?.tables.find((entry) => entry.table === 'tasks_templates');
  const canManageTemplates = templatesEntry?.update === 1;

  return (
    <div className="page work-page" data-testid="tasks-page">
      <header className="page-header">
        <h1 className="page-title">{workTexts.tasksTitle}</h1>
      </header>
      <div className="work-tasks-layout">
        <section className="work-tasks-main">
          <NewTaskForm />
          {manager ? <TaskFilters filters={filters} onChange={setFilters} /> : null}
          <Tabs
            id="work-task-tabs"
            selectedTabId={tab}
            onChange={(next) => void navigate({ pathname, search, hash: String(next) }, { replace: true })}
            renderActiveTabPanelOnly
          >
            <Tab
              id="gorevler"
              title={workTexts.tasksOpenTab}
              panel={<TaskList tab="gorevler" filters={filters} />}
              data-testid="work-tab-open"
            />
            <Tab
              id="tamamlanmis-gorevler"
              title={workTexts.tasksDoneTab}
              panel={<TaskList tab="tamamlanmis-gorevler" filters={filters} />}
              data-testid="work-tab-done"
            />
          </Tabs>
        </section>
        <aside className="work-tasks-side">
          <TaskTemplates canManage={canManageTemplates} />
        </aside>
      </div>
    </div>
  );
}
