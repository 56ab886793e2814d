import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Lead-assignment rules (see docs/requirements.md#lead-workspace-and-work-screens /hooks, #calls Hooks). */
export function registerHookRoutes(app: FastifyInstance, { hooks }: Pick<Services, 'hooks'>): void {
  registerCall(app, 'hooks', ({ user }) => hooks.list(user));
  registerCall(app, 'hooksSave', ({ user, body }) => hooks.save(user, body));
  registerCall(app, 'hookRemove', ({ user, body }) => hooks.remove(user, body.id));
}
