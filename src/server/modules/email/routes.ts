import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../compose';

/** The lead detail's E-Mail tab (spec 2 §2, §4, §7): queue from a template, list the lead's e-mails. */
export function registerEmailRoutes(app: FastifyInstance, { email: emails }: Pick<Services, 'email'>): void {
  registerCall(app, 'processEmail', ({ user, body }) => emails.queue(user, body));
  registerCall(app, 'leadEmails', async ({ user, params }) => ({
    results: await emails.list(user, params.leadId),
  }));
}
