import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/**
 * GET /admin/info (see docs/requirements.md#shell-lists-and-chat /admin, #calls): the admin panel's counters; Reset Cache, the journal of admin
 * changes and the accounts (see docs/admin-guide.md). Each service call checks the admin department itself.
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  { admin, adminUsers }: Pick<Services, 'admin' | 'adminUsers'>,
): void {
  registerCall(app, 'adminInfo', ({ user }) => admin.info(user));
  registerCall(app, 'adminResetCache', ({ user }) => admin.resetCache(user));
  registerCall(app, 'adminJournal', ({ user, params }) =>
    admin.journal(user, { targetTable: params.target_table, targetId: params.target_id }),
  );
  registerCall(app, 'adminUsers', ({ user, params }) => adminUsers.list(user, params.user_group_id));
  registerCall(app, 'adminUserCreate', ({ user, body }) => adminUsers.create(user, body));
  registerCall(app, 'adminUserActive', ({ user, params, body }) =>
    adminUsers.setActive(user, params.id, body.active),
  );
  registerCall(app, 'adminUserPassword', ({ user, params, body }) =>
    adminUsers.resetPassword(user, params.id, body.password),
  );
  registerCall(app, 'adminUserTeam', ({ user, params, body }) =>
    adminUsers.moveTeam(user, params.id, body.team_id ?? null),
  );
}
