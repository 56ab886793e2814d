import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import { createEmailService } from '../services/email-service';
import { registerCall } from './register-call';

/** The lead detail's E-Mail tab (spec 2 §2, §4, §7): queue from a template, list the lead's e-mails. */
export function registerEmailRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): void {
  const emails = createEmailService(db, getTableRegistry(db));

  registerCall(app, 'processEmail', ({ user, body }) => emails.queue(user, body));
  registerCall(app, 'leadEmails', async ({ user, params }) => ({
    results: await emails.list(user, params.leadId),
  }));
}
