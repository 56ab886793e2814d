import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import { createBulkService } from '../services/bulk-service';
import { registerCall } from './register-call';

export interface BulkRoutesDeps {
  db: Kysely<Database>;
}

/** The list's bulk actions (spec 1 §7 "Lists and records"): update, delete, delete notes. */
export function registerBulkRoutes(app: FastifyInstance, { db }: BulkRoutesDeps): void {
  const bulk = createBulkService(db, getTableRegistry(db));

  registerCall(app, 'bulkSave', ({ user, body }) => bulk.save(user, body));
  registerCall(app, 'bulkRemove', ({ user, body }) => bulk.remove(user, body));
  registerCall(app, 'bulkRemoveNotes', ({ user, body }) => bulk.removeNotes(user, body));
}
