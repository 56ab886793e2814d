import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Tasks of the lead detail's gorevler tab and of the tasks page (see docs/requirements.md#lead-workspace-and-work-screens, #task-customer-and-money-states, #calls). */
export function registerTaskRoutes(app: FastifyInstance, { tasks }: Pick<Services, 'tasks'>): void {
  registerCall(app, 'tasks', ({ user, body }) =>
    tasks.list(user, {
      parentId: body?.parent_id ?? 0,
      leadId: body?.lead_id,
      status: body?.status,
      agentId: body?.agent_id,
      dueFrom: body?.due_from,
      dueTo: body?.due_to,
    }),
  );
  registerCall(app, 'leadTasks', ({ user, params, body }) =>
    tasks.listForRecord(user, params.table, params.id, body?.parent_id ?? 0),
  );
  registerCall(app, 'taskAdd', ({ user, body }) => tasks.add(user, body.inputs));
  registerCall(app, 'taskSave', ({ user, body }) => tasks.save(user, body.info, body.agents));
  registerCall(app, 'taskStatus', ({ user, body }) => tasks.setStatus(user, body.id, body.status));
  registerCall(app, 'taskRemove', ({ user, body }) => tasks.remove(user, body.id));
  registerCall(app, 'taskTemplates', () => tasks.templates());
  registerCall(app, 'taskTemplateSave', ({ user, body }) => tasks.saveTemplate(user, body));
  registerCall(app, 'taskTemplateRemove', ({ user, body }) => tasks.removeTemplate(user, body.id));
  registerCall(app, 'taskTemplateApply', ({ user, body }) =>
    tasks.applyTemplate(user, body.template_id, body.lead_id),
  );
}
