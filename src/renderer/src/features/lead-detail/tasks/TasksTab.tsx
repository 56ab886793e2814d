import {
  Button,
  Checkbox,
  Classes,
  ControlGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Task, TaskListAnswer } from '../../../../../shared/contract/tasks';
import { formatDateTimeTr } from '../../../../../shared/domain';
import { format, messages } from '../../../../../shared/i18n/messages';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { TabState } from '../TabState';
import { callPrefix, leadCallInputs, useRefreshCalls } from '../lead-queries';
import { TaskEditDialog } from './TaskEditDialog';
import { nextTaskStatus, withTaskStatus } from './task-helpers';

export type TasksTabProps = { leadId: number };

type AddTaskFormProps = {
  leadId: number;
  parentId: number;
  placeholder: string;
  buttonText: string;
  /** Test ids of the title box and the button. */
  titleTestId: string;
  submitTestId: string;
};

/** One line to add a task (parent 0) or a subtask; the title stays in the box if the save fails. */
function AddTaskForm({
  leadId,
  parentId,
  placeholder,
  buttonText,
  titleTestId,
  submitTestId,
}: AddTaskFormProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const [title, setTitle] = useState('');
  const add = useCrmMutation('taskAdd');

  const submit = (): void => {
    if (title.trim() === '') {
      notifier.warning(messages.taskTitleRequired);
      return;
    }
    add.mutate(
      { body: { inputs: { title: title.trim(), parent_id: parentId, lead_id: leadId } } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(messages.operationFailed, answer.msg);
            return;
          }
          setTitle('');
          notifier.success(answer.msg || messages.taskAdded);
          refresh('leadTasks', 'tasks');
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <form
      noValidate
      className="ld-task-add-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ControlGroup fill>
        <InputGroup
          value={title}
          onValueChange={setTitle}
          placeholder={placeholder}
          maxLength={255}
          aria-label={placeholder}
          data-testid={titleTestId}
        />
        <Button
          type="submit"
          icon="add"
          text={buttonText}
          loading={add.isPending}
          // Fixed width inside the filling group: the title box takes the room.
          className={Classes.FIXED}
          data-testid={submitTestId}
        />
      </ControlGroup>
    </form>
  );
}

/** docs/requirements.md#lead-workspace-and-work-screens: task templates (name and tasks) can be used; applying one creates its tasks for the lead. */
function TemplatePicker({ leadId }: { leadId: number }): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const templates = useCrmQuery('taskTemplates', {}, { staleTime: 5 * 60_000 });
  const [chosen, setChosen] = useState('');
  const apply = useCrmMutation('taskTemplateApply');
  const list = templates.data?.results ?? [];

  if (templates.isError || (templates.isSuccess && list.length === 0)) return null;

  const run = (): void => {
    const id = Number(chosen);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    apply.mutate(
      { body: { template_id: id, lead_id: leadId } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(messages.operationFailed, answer.msg);
            return;
          }
          setChosen('');
          notifier.success(answer.msg || messages.taskTemplateApplied);
          refresh('leadTasks', 'tasks');
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <ControlGroup className="ld-task-template-picker">
      <HTMLSelect
        value={chosen}
        onChange={(event) => setChosen(event.currentTarget.value)}
        disabled={templates.isPending}
        aria-label={uiTexts.taskTemplate}
        data-testid="task-template"
      >
        <option value="">{uiTexts.taskTemplate}</option>
        {list.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </HTMLSelect>
      <Button
        icon="duplicate"
        text={uiTexts.useTemplate}
        disabled={chosen === ''}
        loading={apply.isPending}
        onClick={run}
        data-testid="task-template-apply"
      />
    </ControlGroup>
  );
}

type TaskRowProps = {
  leadId: number;
  task: Task;
  /** The list this task belongs to (parent 0 or its parent), to show the tick at once. */
  parentId: number;
};

function TaskRow({ leadId, task, parentId }: TaskRowProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const refresh = useRefreshCalls();
  const [expanded, setExpanded] = useState(task.subtasks > 0);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const setStatus = useCrmMutation('taskStatus');
  const remove = useCrmMutation('taskRemove');
  const listKey = [...callPrefix('leadTasks'), leadCallInputs.tasks(leadId, parentId)];

  /** docs/requirements.md#task-customer-and-money-states: each tick or untick is saved at once; the box shows the new state before the answer. */
  const toggle = (checked: boolean): void => {
    const status = nextTaskStatus(checked);
    queryClient.setQueryData<TaskListAnswer>(listKey, (old) => withTaskStatus(old, task.id, status));
    setStatus.mutate(
      { body: { id: task.id, status } },
      {
        onSuccess: (answer) => {
          if (!answer.success) notifier.danger(messages.operationFailed, answer.msg);
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
        onSettled: () => refresh('leadTasks', 'tasks'),
      },
    );
  };

  const confirmRemove = (): void => {
    remove.mutate(
      { body: { id: task.id } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(messages.operationFailed, answer.msg);
            return;
          }
          setRemoving(false);
          notifier.success(answer.msg || messages.taskRemoved);
          refresh('leadTasks', 'tasks');
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  const done = task.status === 1;
  return (
    <li className={`ld-task-item${done ? ' is-done' : ''}`} data-testid={`task-${task.id}`}>
      <div className="ld-task-line">
        <Checkbox
          checked={done}
          onChange={(event) => toggle(event.currentTarget.checked)}
          className="ld-task-check"
          aria-label={task.title}
          data-testid={`task-check-${task.id}`}
        />
        <div className="ld-task-main">
          <div className="ld-task-title">{task.title}</div>
          {task.description ? <div className="ld-task-description">{task.description}</div> : null}
          <div className="ld-task-meta">
            {task.agents.map((agent) => (
              <Tag key={agent.value} minimal round icon="person">
                {agent.label}
              </Tag>
            ))}
            {done && task.complete_date ? (
              <span className={Classes.TEXT_MUTED}>
                {format(uiTexts.taskCompletedAt, { date: formatDateTimeTr(task.complete_date) })}
              </span>
            ) : null}
          </div>
        </div>
        <div className="ld-task-actions">
          {parentId === 0 ? (
            <Button
              variant="minimal"
              size="small"
              icon={expanded ? 'chevron-up' : task.subtasks > 0 ? 'chevron-down' : 'add'}
              text={
                task.subtasks > 0 ? format(uiTexts.subtasks, { count: task.subtasks }) : uiTexts.addSubtask
              }
              onClick={() => setExpanded((open) => !open)}
              data-testid={`task-expand-${task.id}`}
            />
          ) : null}
          <Button
            variant="minimal"
            size="small"
            icon="edit"
            aria-label={uiTexts.editTask}
            title={uiTexts.editTask}
            onClick={() => setEditing(true)}
            data-testid={`task-edit-${task.id}`}
          />
          <Button
            variant="minimal"
            size="small"
            icon="trash"
            intent="danger"
            aria-label={uiTexts.removeTask}
            title={uiTexts.removeTask}
            onClick={() => setRemoving(true)}
            data-testid={`task-remove-${task.id}`}
          />
        </div>
      </div>
      {parentId === 0 && expanded ? <SubtaskList leadId={leadId} parent={task} /> : null}
      {editing ? <TaskEditDialog task={task} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        isOpen={removing}
        message={uiTexts.removeTaskConfirm}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(false)}
      />
    </li>
  );
}

function SubtaskList({ leadId, parent }: { leadId: number; parent: Task }): ReactNode {
  const subtasks = useCrmQuery('leadTasks', leadCallInputs.tasks(leadId, parent.id));
  return (
    <div className="ld-task-subtasks">
      {subtasks.isPending && parent.subtasks > 0 ? <Spinner size={16} /> : null}
      {subtasks.isError ? <div className="lead-inline-error">{subtasks.error.message}</div> : null}
      {subtasks.data && subtasks.data.results.length > 0 ? (
        <ul className="ld-task-list">
          {subtasks.data.results.map((task) => (
            <TaskRow key={task.id} leadId={leadId} task={task} parentId={parent.id} />
          ))}
        </ul>
      ) : null}
      <AddTaskForm
        leadId={leadId}
        parentId={parent.id}
        placeholder={uiTexts.subtaskPlaceholder}
        buttonText={uiTexts.addSubtask}
        titleTestId={`task-subtask-title-${parent.id}`}
        submitTestId={`task-subtask-submit-${parent.id}`}
      />
    </div>
  );
}

/** Görevler (see docs/requirements.md#lead-workspace-and-work-screens, #task-customer-and-money-states): the lead's tasks with their subtasks, tick and untick, add, templates. */
export function TasksTab({ leadId }: TasksTabProps): ReactNode {
  const tasks = useCrmQuery('leadTasks', leadCallInputs.tasks(leadId));
  return (
    <div className="lead-tab-body" data-testid="tasks-tab">
      <div className="ld-task-toolbar">
        <AddTaskForm
          leadId={leadId}
          parentId={0}
          placeholder={uiTexts.taskTitlePlaceholder}
          buttonText={uiTexts.addTask}
          titleTestId="task-add-title"
          submitTestId="task-add-submit"
        />
        <TemplatePicker leadId={leadId} />
      </div>
      {tasks.data ? (
        tasks.data.results.length === 0 ? (
          <NonIdealState icon="tick-circle" description={uiTexts.noTasks} className="lead-tab-empty" />
        ) : (
          <ul className="ld-task-list" data-testid="task-list">
            {tasks.data.results.map((task) => (
              <TaskRow key={task.id} leadId={leadId} task={task} parentId={0} />
            ))}
          </ul>
        )
      ) : (
        <TabState query={tasks} />
      )}
    </div>
  );
}
