import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** The list's bulk actions (see docs/requirements.md#calls "Lists and records"): update, delete, delete notes. */
export function registerBulkRoutes(app: FastifyInstance, { bulk }: Pick<Services, 'bulk'>): void {
  registerCall(app, 'bulkSave', ({ user, body }) => bulk.save(user, body));
  registerCall(app, 'bulkRemove', ({ user, body }) => bulk.remove(user, body));
  registerCall(app, 'bulkRemoveNotes', ({ user, body }) => bulk.removeNotes(user, body));
}
