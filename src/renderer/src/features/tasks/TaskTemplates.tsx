import {
  Button,
  Card,
  ControlGroup,
  FormGroup,
  H5,
  InputGroup,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { TaskTemplate } from '../../../../shared/contract/tasks';
import { format, messages } from '../../../../shared/i18n/messages';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { workTexts } from '../../i18n/work-texts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { parseLeadId, parseTemplateText, templateText, textareaHeight } from './task-page-helpers';
import { useRefresh } from './use-refresh';

type EditorProps = { template: TaskTemplate | null; onDone: () => void };

/** Name + tasks, one per line ('-' for a subtask); the box grows 50 px per line from 100 px. */
function TemplateEditor({ template, onDone }: EditorProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefresh();
  const [name, setName] = useState(template?.name ?? '');
  const [text, setText] = useState(template ? templateText(template.tasks) : '');
  const save = useCrmMutation('taskTemplateSave');

  const submit = (): void => {
    const tasks = parseTemplateText(text);
    if (name.trim() === '') return notifier.warning(messages.taskTemplateNameRequired);
    if (tasks.length === 0) return notifier.warning(messages.taskTemplateTasksRequired);
    save.mutate(
      { body: { ...(template ? { id: template.id } : {}), name: name.trim(), tasks } },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          refresh('taskTemplates');
          onDone();
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <form
      noValidate
      className="work-template-editor"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormGroup label={workTexts.templateName} labelFor="work-template-name">
        <InputGroup
          id="work-template-name"
          value={name}
          onValueChange={setName}
          maxLength={200}
          data-testid="work-template-name"
        />
      </FormGroup>
      <FormGroup label={workTexts.templateTasks} labelFor="work-template-tasks">
        <TextArea
          id="work-template-tasks"
          fill
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ height: textareaHeight(text) }}
          data-testid="work-template-tasks"
        />
      </FormGroup>
      <div className="work-row-actions">
        <Button text={messages.cancel} onClick={onDone} />
        <Button
          type="submit"
          intent="primary"
          icon="floppy-disk"
          text={workTexts.templateSave}
          loading={save.isPending}
          data-testid="work-template-save"
        />
      </div>
    </form>
  );
}

function TemplateCard({ template, canManage }: { template: TaskTemplate; canManage: boolean }): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [leadText, setLeadText] = useState('');
  const apply = useCrmMutation('taskTemplateApply');
  const remove = useCrmMutation('taskTemplateRemove');

  if (editing)
    return (
      <Card compact>
        <TemplateEditor template={template} onDone={() => setEditing(false)} />
      </Card>
    );

  const run = (): void => {
    const leadId = parseLeadId(leadText);
    if (leadId === null) return notifier.warning(workTexts.leadIdInvalid);
    apply.mutate(
      { body: { template_id: template.id, lead_id: leadId } },
      {
        onSuccess: (answer) => {
          setLeadText('');
          notifier.success(answer.msg);
          refresh('tasks', 'leadTasks');
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <Card compact className="work-template" data-testid={`work-template-${template.id}`}>
      <div className="work-template-head">
        <H5>{template.name}</H5>
        <span className="work-muted">
          {format(workTexts.templateTaskCount, { count: template.tasks.length })}
        </span>
      </div>
      <ul className="work-template-tasks">
        {template.tasks.map((task, index) => (
          <li key={index}>
            {task.title}
            {task.subtasks && task.subtasks.length > 0 ? (
              <ul>
                {task.subtasks.map((sub, subIndex) => (
                  <li key={subIndex}>{sub.title}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <ControlGroup>
          <InputGroup
            size="small"
            value={leadText}
            onValueChange={setLeadText}
            placeholder={workTexts.templateApplyLead}
            aria-label={workTexts.templateApplyLead}
            data-testid={`work-template-lead-${template.id}`}
          />
          <Button
            size="small"
            type="submit"
            icon="add-to-artifact"
            text={workTexts.templateApply}
            loading={apply.isPending}
            data-testid={`work-template-apply-${template.id}`}
          />
        </ControlGroup>
      </form>
      {canManage ? (
        <div className="work-row-actions">
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            text={workTexts.templateEdit}
            onClick={() => setEditing(true)}
          />
          <Button
            size="small"
            variant="minimal"
            intent="danger"
            icon="trash"
            text={workTexts.templateRemove}
            onClick={() => setConfirming(true)}
          />
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        message={format(workTexts.templateRemoveConfirm, { name: template.name })}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { body: { id: template.id } },
            {
              onSuccess: (answer) => {
                setConfirming(false);
                notifier.success(answer.msg);
                refresh('taskTemplates');
              },
              onError: (error) => {
                setConfirming(false);
                notifier.danger(messages.operationFailed, error.message);
              },
            },
          )
        }
      />
    </Card>
  );
}

/** Task templates (table tasks_templates: name, tasks), managed here and applied to a lead in one go. */
export function TaskTemplates({ canManage }: { canManage: boolean }): ReactNode {
  const templates = useCrmQuery('taskTemplates', {});
  const [creating, setCreating] = useState(false);
  const list = templates.data?.results ?? [];

  return (
    <section className="work-templates" aria-label={workTexts.templatesTitle}>
      <div className="work-section-head">
        <h3>{workTexts.templatesTitle}</h3>
        {canManage && !creating ? (
          <Button
            size="small"
            icon="add"
            text={workTexts.templateNew}
            onClick={() => setCreating(true)}
            data-testid="work-template-new"
          />
        ) : null}
      </div>
      {creating ? (
        <Card compact>
          <TemplateEditor template={null} onDone={() => setCreating(false)} />
        </Card>
      ) : null}
      {templates.isPending ? <Spinner size={20} /> : null}
      {templates.isError ? <NonIdealState icon="error" title={templates.error.message} /> : null}
      {templates.isSuccess && list.length === 0 && !creating ? (
        <NonIdealState icon="properties" description={workTexts.templatesEmpty} />
      ) : null}
      {list.map((template) => (
        <TemplateCard key={template.id} template={template} canManage={canManage} />
      ))}
    </section>
  );
}
