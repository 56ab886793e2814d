import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Click-to-call from the lead-status cell and the lead detail (see docs/requirements.md#shell-lists-and-chat, docs/requirements.md#calls "Calls"), and the lead's calls. */
export function registerCallRoutes(app: FastifyInstance, { calls }: Pick<Services, 'calls'>): void {
  registerCall(app, 'makeCall', ({ user, body }) => calls.makeCall(user, body));
  registerCall(app, 'makeFastCall', ({ user, body }) => calls.makeFastCall(user, body));
  registerCall(app, 'callHistory', async ({ user, params }) => ({
    results: await calls.history(user, params.leadId),
  }));
}
