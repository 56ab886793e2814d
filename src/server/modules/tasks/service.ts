import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import {
  templateTaskSchema,
  type CallResult,
  type Task,
  type TaskStatus,
  type TemplateTask,
} from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database, TasksTable } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { recordNotFound, selectRow } from '../../engine/record-store';
import { requireFlag, resolveTableAccess } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import { leadAgentRule } from '../../engine/assignees';
import type { EngineUser } from '../../engine/types';
import { LEADS_TABLE, type LeadScope } from '../../engine/lead-scope';

/** The lead detail tab that tasks of a lead belong to (option list 130). */
export const TASKS_MODULE = 'gorevler';
/** A list answers at most this many tasks (newest first): the tasks page is a worklist, not an archive. */
export const TASK_LIST_LIMIT = 500;

type TaskRow = Selectable<TasksTable>;

export interface TaskListQuery {
  parentId: number;
  leadId?: number | undefined;
  status?: TaskStatus | undefined;
  /** Managers only: the tasks assigned to this agent instead of the user's own. */
  agentId?: number | undefined;
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
}

/** Departments that see (and filter) other agents' tasks on the tasks page. */
const TASK_MANAGER_DEPARTMENTS: ReadonlySet<string> = new Set(['admin', 'sales_manager']);
/** The registered table of task templates; its permission flags decide who manages them. */
const TEMPLATES_TABLE = 'tasks_templates';

export interface NewTask {
  title: string;
  parent_id: number;
  lead_id?: number | undefined;
  description?: string | undefined;
  agents: readonly number[];
  due_date?: string | undefined;
}

export interface TaskTemplateDraft {
  id?: number | undefined;
  name: string;
  tasks: readonly TemplateTask[];
}

export interface TasksService {
  list(user: EngineUser, query: TaskListQuery): Promise<CallResult<'tasks'>>;
  listForRecord(
    user: EngineUser,
    table: string,
    id: number,
    parentId: number,
  ): Promise<CallResult<'leadTasks'>>;
  add(user: EngineUser, task: NewTask): Promise<CallResult<'taskAdd'>>;
  save(
    user: EngineUser,
    info: { id: number; title: string; description?: string | undefined; due_date?: string | undefined },
    agents: readonly number[],
  ): Promise<CallResult<'taskSave'>>;
  setStatus(user: EngineUser, id: number, status: TaskStatus): Promise<CallResult<'taskStatus'>>;
  remove(user: EngineUser, id: number): Promise<CallResult<'taskRemove'>>;
  templates(): Promise<CallResult<'taskTemplates'>>;
  saveTemplate(user: EngineUser, draft: TaskTemplateDraft): Promise<CallResult<'taskTemplateSave'>>;
  removeTemplate(user: EngineUser, id: number): Promise<CallResult<'taskTemplateRemove'>>;
  applyTemplate(
    user: EngineUser,
    templateId: number,
    leadId: number,
  ): Promise<CallResult<'taskTemplateApply'>>;
}

const NOW = sql<string>`date_trunc('second', localtimestamp)`;
const storedTemplateTasks = z.array(templateTaskSchema);
const emptyToNull = (text: string | undefined): string | null =>
  text === undefined || text === '' ? null : text;

export function createTasksService(
  db: Kysely<Database>,
  registry: TableRegistry,
  scope: LeadScope,
): TasksService {
  /** Whether the user created the task or is assigned to it. */
  async function isOwnTask(user: EngineUser, task: TaskRow): Promise<boolean> {
    if (task.created_by === user.id) return true;
    const assigned = await db
      .selectFrom('task_agents')
      .select('task_id')
      .where('task_id', '=', task.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    return assigned !== undefined;
  }

  /**
   * The task if the user may see it, else 404. A task of a lead follows the lead's scope; a task without
   * a lead is its creator's and its agents' (for a subtask: those of the subtask or of its parent).
   */
  async function requireTask(user: EngineUser, id: number): Promise<TaskRow> {
    const task = await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!task) throw recordNotFound();
    if (task.lead_id !== null) {
      await scope.requireLead(user, task.lead_id);
      return task;
    }
    if (await isOwnTask(user, task)) return task;
    if (task.parent_id !== 0) {
      const parent = await db
        .selectFrom('tasks')
        .selectAll()
        .where('id', '=', task.parent_id)
        .executeTakeFirst();
      if (parent && (await isOwnTask(user, parent))) return task;
    }
    throw recordNotFound();
  }

  /** Agent ids must be active users; the answer names the first that is not. */
  /**
   * Active users the writer may hand a task to (the engine's hand-off rule), as given. Agents the task
   * already has (a manager may have assigned another team) stay without being judged again.
   */
  async function checkAgents(
    user: EngineUser,
    ids: readonly number[],
    kept: ReadonlySet<number> = new Set(),
  ): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await db
      .selectFrom('users')
      .select(['id', 'team_id', 'active'])
      .where('id', 'in', unique)
      .where('active', '=', 1)
      .execute();
    const active = new Map(found.map((row) => [row.id, row]));
    const bad = unique.find((id) => !active.has(id));
    if (bad !== undefined) throw DomainError.invalid(format(messages.invalidAgent, { id: bad }));
    if (found.some((agent) => !kept.has(agent.id) && !leadAgentRule(user, agent))) {
      throw DomainError.invalid(messages.assigneeNotInTeam);
    }
    return unique;
  }

  /** Agents (as option items) and subtask counts of the rows, in two queries. */
  async function toTasks(rows: readonly TaskRow[]): Promise<Task[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [agents, counts] = await Promise.all([
      db
        .selectFrom('task_agents')
        .innerJoin('users', 'users.id', 'task_agents.user_id')
        .select(['task_agents.task_id', 'users.id', 'users.name'])
        .where('task_agents.task_id', 'in', ids)
        .orderBy('users.name')
        .execute(),
      db
        .selectFrom('tasks')
        .select(['parent_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('parent_id', 'in', ids)
        .groupBy('parent_id')
        .execute(),
    ]);
    const agentsOf = new Map<number, { label: string; value: number }[]>();
    for (const agent of agents) {
      const list = agentsOf.get(agent.task_id) ?? [];
      list.push({ label: agent.name, value: agent.id });
      agentsOf.set(agent.task_id, list);
    }
    const countOf = new Map(counts.map((row) => [row.parent_id, Number(row.count)]));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      status: row.status === 1 ? 1 : 0,
      parent_id: row.parent_id,
      lead_id: row.lead_id,
      complete_date: row.complete_date,
      created_by: row.created_by,
      created_at: row.created_at,
      due_date: row.due_date,
      agents: agentsOf.get(row.id) ?? [],
      subtasks: countOf.get(row.id) ?? 0,
    }));
  }

  async function listOfLead(leadId: number, parentId: number, status?: TaskStatus): Promise<Task[]> {
    let query = db
      .selectFrom('tasks')
      .selectAll()
      .where('lead_id', '=', leadId)
      .where('parent_id', '=', parentId);
    if (status !== undefined) query = query.where('status', '=', status);
    // Newest task first; subtasks in the order they were added (a checklist).
    const order = parentId === 0 ? 'desc' : 'asc';
    return toTasks(await query.orderBy('id', order).limit(TASK_LIST_LIMIT).execute());
  }

  async function insertTask(
    trx: Kysely<Database>,
    user: EngineUser,
    task: {
      title: string;
      description: string | null;
      parent_id: number;
      lead_id: number | null;
      due_date?: string | null;
    },
    agents: readonly number[],
  ): Promise<number> {
    const { id } = await trx
      .insertInto('tasks')
      .values({ ...task, created_by: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (agents.length > 0) {
      await trx
        .insertInto('task_agents')
        .values(agents.map((userId) => ({ task_id: id, user_id: userId })))
        .execute();
    }
    return id;
  }

  /**
   * A subtask list carries its parent as `info` and the parent's agents (what the task save call sends
   * back: info and agents). See docs/api-conformance.md#tasks.
   */
  async function withParent(parent: TaskRow, results: Task[]): Promise<CallResult<'tasks'>> {
    const [info] = await toTasks([parent]);
    if (!info) throw recordNotFound();
    return { results, info, agents: info.agents };
  }

  async function list(
    user: EngineUser,
    { parentId, leadId, status, agentId, dueFrom, dueTo }: TaskListQuery,
  ): Promise<CallResult<'tasks'>> {
    const manager = TASK_MANAGER_DEPARTMENTS.has(user.department);
    if (agentId !== undefined && agentId !== user.id && !manager) {
      throw DomainError.forbidden(messages.taskAgentFilterManagersOnly);
    }
    if (leadId !== undefined) {
      await scope.requireLead(user, leadId, { module: TASKS_MODULE });
      if (parentId === 0) return { results: await listOfLead(leadId, parentId, status) };
      const parent = await requireTask(user, parentId);
      if (parent.lead_id !== leadId) throw recordNotFound();
      return withParent(parent, await listOfLead(leadId, parentId, status));
    }
    if (parentId !== 0) {
      // Whoever sees the parent sees all of its subtasks.
      const parent = await requireTask(user, parentId);
      let query = db.selectFrom('tasks').selectAll().where('parent_id', '=', parentId);
      if (status !== undefined) query = query.where('status', '=', status);
      return withParent(
        parent,
        await toTasks(await query.orderBy('id', 'asc').limit(TASK_LIST_LIMIT).execute()),
      );
    }
    // The user's own top-level tasks (a manager's filter: one agent's), a task of a lead only while that
    // lead is in the user's scope.
    const inScope = await scope.leadIdCondition(user, 'tasks.lead_id');
    const whose = agentId ?? user.id;
    const assigned = (eb: ExpressionBuilder<Database, 'tasks'>) =>
      eb.exists(
        eb
          .selectFrom('task_agents')
          .select('task_agents.task_id')
          .whereRef('task_agents.task_id', '=', 'tasks.id')
          .where('task_agents.user_id', '=', whose),
      );
    let query = db
      .selectFrom('tasks')
      .selectAll()
      .where('parent_id', '=', 0)
      .where((eb) =>
        agentId === undefined ? eb.or([eb('created_by', '=', user.id), assigned(eb)]) : assigned(eb),
      )
      .where((eb) =>
        inScope === null ? eb('lead_id', 'is', null) : eb.or([eb('lead_id', 'is', null), eb.and([inScope])]),
      );
    if (status !== undefined) query = query.where('status', '=', status);
    if (dueFrom !== undefined) query = query.where('due_date', '>=', dueFrom);
    if (dueTo !== undefined) query = query.where('due_date', '<=', dueTo);
    return { results: await toTasks(await query.orderBy('id', 'desc').limit(TASK_LIST_LIMIT).execute()) };
  }

  return {
    list,

    async listForRecord(user, table, id, parentId) {
      // /tasks/{table}/{id}: any registered view of leads (leads, customers), with that view's scope.
      const access = await resolveTableAccess(db, registry, user, table);
      if (access.table.sourceTable !== LEADS_TABLE) throw recordNotFound();
      if (!(await selectRow(db, access, id, ['id']))) throw recordNotFound();
      return list(user, { parentId, leadId: id });
    },

    async add(user, task) {
      let leadId: number | null = null;
      if (task.parent_id !== 0) {
        const parent = await requireTask(user, task.parent_id);
        // One level of subtasks, as the lead detail shows them.
        if (parent.parent_id !== 0) throw DomainError.invalid(messages.taskNestedSubtask);
        leadId = parent.lead_id;
      } else if (task.lead_id !== undefined) {
        await scope.requireLead(user, task.lead_id, { module: TASKS_MODULE });
        leadId = task.lead_id;
      }
      const agents = await checkAgents(user, task.agents.length > 0 ? task.agents : [user.id]);
      const id = await db.transaction().execute((trx) =>
        insertTask(
          trx,
          user,
          {
            title: task.title,
            description: emptyToNull(task.description),
            parent_id: task.parent_id,
            lead_id: leadId,
            due_date: task.due_date ?? null,
          },
          agents,
        ),
      );
      return { success: true, msg: messages.taskAdded, id };
    },

    async save(user, info, agentIds) {
      const task = await requireTask(user, info.id);
      const current = await db
        .selectFrom('task_agents')
        .select('user_id')
        .where('task_id', '=', task.id)
        .execute();
      const agents = await checkAgents(user, agentIds, new Set(current.map((row) => row.user_id)));
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('tasks')
          .set({
            title: info.title,
            description: emptyToNull(info.description),
            due_date: info.due_date ?? null,
          })
          .where('id', '=', task.id)
          .execute();
        // The list is the full assignment: agents not in it are unassigned.
        await trx.deleteFrom('task_agents').where('task_id', '=', task.id).execute();
        if (agents.length > 0) {
          await trx
            .insertInto('task_agents')
            .values(agents.map((userId) => ({ task_id: task.id, user_id: userId })))
            .execute();
        }
      });
      return { success: true, msg: messages.savedSuccessfully };
    },

    async setStatus(user, id, status) {
      const task = await requireTask(user, id);
      // Ticking an already done task keeps its first completion date; unticking clears it (see docs/requirements.md#task-customer-and-money-states).
      const row = await db
        .updateTable('tasks')
        .set({
          status,
          complete_date: status === 1 ? sql<string>`coalesce(complete_date, ${NOW})` : null,
        })
        .where('id', '=', task.id)
        .returning('complete_date')
        .executeTakeFirstOrThrow();
      return { success: true, msg: messages.savedSuccessfully, complete_date: row.complete_date };
    },

    async remove(user, id) {
      const task = await requireTask(user, id);
      await db
        .deleteFrom('tasks')
        .where((eb) => eb.or([eb('id', '=', task.id), eb('parent_id', '=', task.id)]))
        .execute();
      return { success: true, msg: messages.taskRemoved };
    },

    async templates() {
      const rows = await db
        .selectFrom('tasks_templates')
        .select(['id', 'name', 'tasks'])
        .orderBy('name')
        .orderBy('id')
        .execute();
      return {
        results: rows.map((row) => ({ id: row.id, name: row.name, tasks: templateTasks(row.tasks) })),
      };
    },

    async saveTemplate(user, draft) {
      requireFlag(await resolveTableAccess(db, registry, user, TEMPLATES_TABLE), 'update');
      const tasks = JSON.stringify(draft.tasks);
      if (draft.id !== undefined) {
        const updated = await db
          .updateTable('tasks_templates')
          .set({ name: draft.name, tasks })
          .where('id', '=', draft.id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw DomainError.notFound(messages.taskTemplateNotFound);
        return { success: true, msg: messages.taskTemplateSaved, id: updated.id };
      }
      const created = await db
        .insertInto('tasks_templates')
        .values({ name: draft.name, tasks })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { success: true, msg: messages.taskTemplateSaved, id: created.id };
    },

    async removeTemplate(user, id) {
      requireFlag(await resolveTableAccess(db, registry, user, TEMPLATES_TABLE), 'delete');
      const removed = await db
        .deleteFrom('tasks_templates')
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!removed) throw DomainError.notFound(messages.taskTemplateNotFound);
      return { success: true, msg: messages.taskTemplateRemoved };
    },

    async applyTemplate(user, templateId, leadId) {
      const template = await db
        .selectFrom('tasks_templates')
        .select(['id', 'tasks'])
        .where('id', '=', templateId)
        .executeTakeFirst();
      if (!template) throw DomainError.notFound(messages.taskTemplateNotFound);
      await scope.requireLead(user, leadId, { module: TASKS_MODULE });
      const ids = await db.transaction().execute(async (trx) => {
        const created: number[] = [];
        for (const item of templateTasks(template.tasks)) {
          const id = await insertTask(
            trx,
            user,
            { title: item.title, description: item.description ?? null, parent_id: 0, lead_id: leadId },
            [user.id],
          );
          created.push(id);
          for (const sub of item.subtasks ?? []) {
            await insertTask(
              trx,
              user,
              { title: sub.title, description: sub.description ?? null, parent_id: id, lead_id: leadId },
              [user.id],
            );
          }
        }
        return created;
      });
      return { success: true, msg: messages.taskTemplateApplied, ids };
    },
  };
}

/** A template's stored tasks; a row an admin broke by hand counts as empty rather than failing the tab. */
function templateTasks(stored: unknown): TemplateTask[] {
  const parsed = storedTemplateTasks.safeParse(stored);
  return parsed.success ? parsed.data : [];
}
