import { FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { Task } from '../../../../../shared/contract/tasks';
import { OPTION_LIST_IDS } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { useOptions } from '../../../api/options';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { OptionSelect } from '../../../components/field-editors';
import { uiTexts } from '../../../i18n/ui-texts';
import { FormDialog } from '../../../ui/FormDialog';
import { useRefreshCalls } from '../lead-queries';
import { taskTextareaHeight } from './task-helpers';

export type TaskEditDialogProps = { task: Task; onClose: () => void };

/** Editing a task: title, description and the assigned agents (POST /task/save). */
export function TaskEditDialog({ task, onClose }: TaskEditDialogProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const agents = useOptions(OPTION_LIST_IDS.agents);
  const [title, setTitle] = useState(task.title);
  const [description, setDescription] = useState(task.description ?? '');
  const [assigned, setAssigned] = useState<string[]>(() => task.agents.map((agent) => String(agent.value)));
  const save = useCrmMutation('taskSave');

  const submit = (): void => {
    save.mutate(
      {
        body: {
          info: { id: task.id, title: title.trim(), description: description.trim() },
          agents: assigned.map(Number),
        },
      },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(messages.operationFailed, answer.msg);
            return;
          }
          notifier.success(messages.savedSuccessfully);
          refresh('leadTasks', 'tasks');
          onClose();
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      keepOpenWhilePending
      title={uiTexts.editTask}
      icon="edit"
      formId={`task-edit-${task.id}`}
      onSubmit={submit}
      pending={save.isPending}
      submitTestId="task-edit-submit"
    >
      <FormGroup label={messages.tasks} labelFor={`task-edit-title-${task.id}`}>
        <InputGroup
          id={`task-edit-title-${task.id}`}
          value={title}
          onValueChange={setTitle}
          maxLength={255}
          autoFocus
          data-testid="task-edit-title"
        />
      </FormGroup>
      <FormGroup label={uiTexts.taskDescription} labelFor={`task-edit-description-${task.id}`}>
        <TextArea
          id={`task-edit-description-${task.id}`}
          fill
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          // docs/requirements.md#constants-and-limits: 100 px plus 50 px per line.
          style={{ height: taskTextareaHeight(description) }}
          data-testid="task-edit-description"
        />
      </FormGroup>
      <FormGroup label={uiTexts.taskAgents}>
        <OptionSelect
          options={agents.data?.items ?? []}
          loading={agents.isPending}
          value={assigned}
          onChange={setAssigned}
          multiple
          testId="task-edit-agents"
        />
      </FormGroup>
    </FormDialog>
  );
}
