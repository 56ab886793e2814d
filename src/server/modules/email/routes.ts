import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** The lead detail's E-Mail tab (see docs/requirements.md#lead-workspace-and-work-screens, #task-customer-and-money-states, #calls): queue from a template, list the lead's e-mails. */
export function registerEmailRoutes(app: FastifyInstance, { email: emails }: Pick<Services, 'email'>): void {
  registerCall(app, 'processEmail', ({ user, body }) => emails.queue(user, body));
  registerCall(app, 'leadEmails', async ({ user, params }) => ({
    results: await emails.list(user, params.leadId),
  }));
}
