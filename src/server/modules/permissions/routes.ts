import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** GET /permissionsAdmin, GET /permissions/{userGroupId}, POST /permission/save/ (see docs/requirements.md#calls) and the preview. */
export function registerPermissionRoutes(
  app: FastifyInstance,
  { permissionEditor }: Pick<Services, 'permissionEditor'>,
): void {
  registerCall(app, 'permissionsAdmin', ({ user }) => permissionEditor.tables(user));
  registerCall(app, 'groupPermissions', ({ user, params }) =>
    permissionEditor.group(user, params.userGroupId),
  );
  registerCall(app, 'permissionSave', ({ user, body }) => permissionEditor.save(user, body));
  registerCall(app, 'permissionPreview', ({ user, body }) => permissionEditor.preview(user, body));
}
