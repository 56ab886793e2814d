import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import { createTasksService } from '../services/tasks-service';
import { registerCall } from './register-call';

/** Tasks of the lead detail's gorevler tab and of the tasks page (spec 2 §2, §4, §7). */
export function registerTaskRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): void {
  const tasks = createTasksService(db, getTableRegistry(db));

  registerCall(app, 'tasks', ({ user, body }) =>
    tasks.list(user, { parentId: body?.parent_id ?? 0, leadId: body?.lead_id, status: body?.status }),
  );
  registerCall(app, 'leadTasks', ({ user, params, body }) =>
    tasks.listForRecord(user, params.table, params.id, body?.parent_id ?? 0),
  );
  registerCall(app, 'taskAdd', ({ user, body }) => tasks.add(user, body.inputs));
  registerCall(app, 'taskSave', ({ user, body }) => tasks.save(user, body.info, body.agents));
  registerCall(app, 'taskStatus', ({ user, body }) => tasks.setStatus(user, body.id, body.status));
  registerCall(app, 'taskRemove', ({ user, body }) => tasks.remove(user, body.id));
  registerCall(app, 'taskTemplates', () => tasks.templates());
  registerCall(app, 'taskTemplateApply', ({ user, body }) =>
    tasks.applyTemplate(user, body.template_id, body.lead_id),
  );
}
