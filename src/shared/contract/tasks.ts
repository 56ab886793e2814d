import { z } from 'zod';
import { defineCall, noBody, noParams, tableName, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { messages } from '../i18n/messages';

export const TASK_TITLE_MAX = 255;
export const TASK_DESCRIPTION_MAX = 5000;
/** Agents one task may be assigned to: a team, not the whole company. */
export const TASK_AGENTS_MAX = 50;

export const taskStatusValue = z.union([z.literal(0), z.literal(1)]);
export type TaskStatus = z.infer<typeof taskStatusValue>;

/** A form sends 0/1 as text; anything else is refused rather than read as "open". */
const taskStatusInput = z.preprocess(
  (v) => (v === '0' ? 0 : v === '1' ? 1 : v),
  z.literal([0, 1], { error: messages.taskStatusInvalid }),
);

/** 0 (or nothing) is the top level; a subtask carries its parent's id (see docs/requirements.md#lead-money-task-and-report-data). */
const parentIdInput = z
  .union([z.literal(0), z.literal('0'), z.literal(''), recordId])
  .transform((v) => (v === '' || v === '0' ? 0 : v))
  .default(0);

/** A form sends an unused lead field as '' (a task of nobody's lead). */
const optionalLeadId = z.preprocess((v) => (v === '' || v === null ? undefined : v), recordId.optional());

const agentIds = z.array(recordId).max(TASK_AGENTS_MAX).default([]);

/** A day as the date picker sends it; '' means none. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayInput = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(DAY, messages.taskDueDateInvalid)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), messages.taskDueDateInvalid)
    .optional(),
);

export const taskAgentSchema = z.object({ label: z.string(), value: z.number() });

/** One task as every task call answers it. Dates are 'YYYY-MM-DD HH:mm:ss'. */
export const taskSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  status: taskStatusValue,
  parent_id: z.number(),
  lead_id: z.number().nullable(),
  complete_date: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  /** YYYY-MM-DD or null. */
  due_date: z.string().nullable(),
  /** Assigned agents as option items (label: name, value: user id). */
  agents: z.array(taskAgentSchema),
  /** How many subtasks the task has (open and done). */
  subtasks: z.number(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * A task list; a subtask list (parent_id above 0) also carries the parent task as `info` and its
 * assigned agents as `agents` (see docs/api-conformance.md#tasks).
 */
export const taskListAnswer = z.object({
  results: z.array(taskSchema),
  info: taskSchema.optional(),
  agents: z.array(taskAgentSchema).optional(),
});
export type TaskListAnswer = z.infer<typeof taskListAnswer>;

/**
 * POST /tasks: the tasks under parent_id (0: top level). With lead_id only that lead's tasks; without it
 * the user's own tasks (created by or assigned to them, of any lead in their scope). status narrows to
 * open (0) or done (1) for the tasks page's two tabs. Newest first.
 */
export const tasks = defineCall({
  method: 'POST',
  path: '/tasks',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'lead_id',
  params: noParams,
  body: z
    .object({
      parent_id: parentIdInput,
      lead_id: optionalLeadId,
      status: z.preprocess((v) => (v === '' ? undefined : v), taskStatusInput.optional()),
      /** Managers (admin, sales_manager): the tasks assigned to this agent instead of their own. */
      agent_id: optionalLeadId,
      /** Due date range, inclusive (tasks page filters). */
      due_from: dayInput,
      due_to: dayInput,
    })
    .optional(),
  result: taskListAnswer,
});

/** POST /tasks/{table}/{id}: the tasks of one record (table is always leads today). */
export const leadTasks = defineCall({
  method: 'POST',
  path: '/tasks/{table}/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'id',
  params: z.object({ table: tableName, id: recordId }),
  body: z.object({ parent_id: parentIdInput }).optional(),
  result: taskListAnswer,
});

const titleInput = z
  .string({ error: messages.taskTitleRequired })
  .trim()
  .min(1, messages.taskTitleRequired)
  .max(TASK_TITLE_MAX);
const descriptionInput = z.string().trim().max(TASK_DESCRIPTION_MAX).optional();

/**
 * POST /task/add: inputs {title, parent_id, lead_id?, description?, agents?}. A subtask belongs to its
 * parent's lead, whatever lead_id says. The creator is assigned when no agent is named.
 */
export const taskAdd = defineCall({
  method: 'POST',
  path: '/task/add',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    inputs: z.object({
      title: titleInput,
      parent_id: parentIdInput,
      lead_id: optionalLeadId,
      description: descriptionInput,
      agents: agentIds,
      due_date: dayInput,
    }),
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

/** POST /task/save: info {id, title, description} and the full list of assigned agent ids. */
export const taskSave = defineCall({
  method: 'POST',
  path: '/task/save',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    info: z.object({ id: recordId, title: titleInput, description: descriptionInput, due_date: dayInput }),
    agents: agentIds,
  }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});

/** POST /task/status: 0 -> 1 sets complete_date, 1 -> 0 clears it (see docs/requirements.md#task-customer-and-money-states). */
export const taskStatus = defineCall({
  method: 'POST',
  path: '/task/status',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ id: recordId, status: taskStatusInput }),
  result: z.object({ success: z.boolean(), msg: z.string(), complete_date: z.string().nullable() }),
});

/** POST /task/remove: removes the task and its subtasks. */
export const taskRemove = defineCall({
  method: 'POST',
  path: '/task/remove',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ id: recordId }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});

/** One task of a template; its subtasks become subtasks of the created task. */
export const templateTaskSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  subtasks: z.array(z.object({ title: z.string(), description: z.string().optional() })).optional(),
});
export type TemplateTask = z.infer<typeof templateTaskSchema>;

export const taskTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  tasks: z.array(templateTaskSchema),
});
export type TaskTemplate = z.infer<typeof taskTemplateSchema>;

/** POST /task/templates: the task templates (table tasks_templates: name, tasks). Path is ours. */
export const taskTemplates = defineCall({
  method: 'POST',
  path: '/task/templates',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ results: z.array(taskTemplateSchema) }),
});

/** POST /task/templates/apply: creates the template's tasks (and subtasks) for a lead. Path is ours. */
export const taskTemplateApply = defineCall({
  method: 'POST',
  path: '/task/templates/apply',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'lead_id',
  params: noParams,
  body: z.object({ template_id: recordId, lead_id: recordId }),
  result: z.object({ success: z.boolean(), msg: z.string(), ids: z.array(z.number()) }),
});

export const TASK_TEMPLATE_NAME_MAX = 200;
export const TASK_TEMPLATE_TASKS_MAX = 100;

/**
 * POST /task/templates/save: a template (table tasks_templates: name, tasks); with id it is replaced.
 * Needs the update flag of tasks_templates. JSON body (tasks nest subtasks). Path is ours.
 */
export const taskTemplateSave = defineCall({
  method: 'POST',
  path: '/task/templates/save',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    id: recordId.optional(),
    name: z
      .string({ error: messages.taskTemplateNameRequired })
      .trim()
      .min(1, messages.taskTemplateNameRequired)
      .max(TASK_TEMPLATE_NAME_MAX),
    tasks: z
      .array(
        z.object({
          title: titleInput,
          description: descriptionInput,
          subtasks: z
            .array(z.object({ title: titleInput, description: descriptionInput }))
            .max(TASK_TEMPLATE_TASKS_MAX)
            .optional(),
        }),
        { error: messages.taskTemplateTasksRequired },
      )
      .min(1, messages.taskTemplateTasksRequired)
      .max(TASK_TEMPLATE_TASKS_MAX),
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), id: z.number() }),
});

/** POST /task/templates/remove: deletes a template (tasks made from it stay). Path is ours. */
export const taskTemplateRemove = defineCall({
  method: 'POST',
  path: '/task/templates/remove',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ id: recordId }),
  result: z.object({ success: z.boolean(), msg: z.string() }),
});
