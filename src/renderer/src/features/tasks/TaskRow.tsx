import { Button, Checkbox, Classes, ControlGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Task } from '../../../../shared/contract/tasks';
import { formatDateTimeTr, formatDateTr } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { uiTexts } from '../../i18n/ui-texts';
import { workTexts } from '../../i18n/work-texts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { isOverdue, leadLabel, todayText } from './task-page-helpers';
import { useRefresh } from './use-refresh';

type TaskRowProps = { task: Task; isSubtask?: boolean };

/** One task: tick saves at once (see docs/requirements.md#task-customer-and-money-states), its lead as #LEAD{id}, agents, due date, subtasks, remove. */
export function TaskRow({ task, isSubtask = false }: TaskRowProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [subtitle, setSubtitle] = useState('');
  const status = useCrmMutation('taskStatus');
  const remove = useCrmMutation('taskRemove');
  const addSub = useCrmMutation('taskAdd');
  const subtasks = useCrmQuery('tasks', { body: { parent_id: task.id } }, { enabled: open });
  // The tick shows at once; the list moves the task to its tab when the save is answered.
  // Kept only while the server's status is the one it was ticked from.
  const [ticked, setTicked] = useState<{ from: number; value: boolean } | null>(null);
  const done = ticked !== null && ticked.from === task.status ? ticked.value : task.status === 1;

  const fail = (error: { message: string }): void => notifier.danger(messages.operationFailed, error.message);

  const toggle = (checked: boolean): void => {
    setTicked({ from: task.status, value: checked });
    status.mutate(
      { body: { id: task.id, status: checked ? 1 : 0 } },
      {
        onSuccess: () => refresh('tasks'),
        onError: (error) => {
          setTicked(null);
          fail(error);
        },
      },
    );
  };

  const addSubtask = (): void => {
    const title = subtitle.trim();
    if (title === '') {
      notifier.warning(messages.taskTitleRequired);
      return;
    }
    addSub.mutate(
      { body: { inputs: { title, parent_id: task.id, agents: [] } } },
      {
        onSuccess: (answer) => {
          setSubtitle('');
          notifier.success(answer.msg);
          refresh('tasks');
        },
        onError: fail,
      },
    );
  };

  const overdue = !done && isOverdue(task.due_date, todayText());
  return (
    <li
      className={`work-task${done ? ' is-done' : ''}${isSubtask ? ' is-subtask' : ''}`}
      data-testid={`work-task-${task.id}`}
    >
      <div className="work-task-line">
        <Checkbox
          checked={done}
          disabled={status.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
          aria-label={task.title}
          data-testid={`work-task-check-${task.id}`}
        />
        <div className="work-task-main">
          <div className="work-task-title">{task.title}</div>
          {task.description ? <div className={Classes.TEXT_MUTED}>{task.description}</div> : null}
          <div className="work-task-meta">
            {task.lead_id !== null ? (
              <Link to={`/leadDetail/${task.lead_id}`} data-testid={`work-task-lead-${task.id}`}>
                {leadLabel(task.lead_id)}
              </Link>
            ) : null}
            {task.due_date ? (
              <Tag minimal intent={overdue ? 'danger' : 'none'} icon="calendar">
                {format(workTexts.taskDue, { date: formatDateTr(task.due_date) })}
                {overdue ? ` · ${workTexts.taskOverdue}` : ''}
              </Tag>
            ) : null}
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
        <div className="work-task-actions">
          {!isSubtask ? (
            <Button
              variant="minimal"
              size="small"
              icon={open ? 'chevron-up' : 'chevron-down'}
              text={open ? workTexts.subtasksHide : format(workTexts.subtasksShow, { count: task.subtasks })}
              onClick={() => setOpen(!open)}
              data-testid={`work-task-subtasks-${task.id}`}
            />
          ) : null}
          <Button
            variant="minimal"
            size="small"
            intent="danger"
            icon="trash"
            aria-label={workTexts.taskRemove}
            title={workTexts.taskRemove}
            onClick={() => setConfirming(true)}
            data-testid={`work-task-remove-${task.id}`}
          />
        </div>
      </div>
      {open ? (
        <div className="work-subtasks">
          <ul className="work-task-list">
            {(subtasks.data?.results ?? []).map((sub) => (
              <TaskRow key={sub.id} task={sub} isSubtask />
            ))}
          </ul>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              addSubtask();
            }}
          >
            <ControlGroup>
              <InputGroup
                size="small"
                value={subtitle}
                onValueChange={setSubtitle}
                placeholder={workTexts.subtaskNew}
                aria-label={workTexts.subtaskNew}
                maxLength={255}
                data-testid={`work-subtask-title-${task.id}`}
              />
              <Button
                size="small"
                type="submit"
                icon="add"
                loading={addSub.isPending}
                text={workTexts.subtaskNew}
              />
            </ControlGroup>
          </form>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        message={format(workTexts.taskRemoveConfirm, { title: task.title })}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { body: { id: task.id } },
            {
              onSuccess: (answer) => {
                setConfirming(false);
                notifier.success(answer.msg);
                refresh('tasks');
              },
              onError: (error) => {
                setConfirming(false);
                fail(error);
              },
            },
          )
        }
      />
    </li>
  );
}
