import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getTableRegistry } from '../engine/registry';
import { createLeadNotesService } from '../services/lead-notes-service';
import { createRecordsService } from '../services/records-service';
import { registerCall } from './register-call';

export interface RecordsRoutesDeps {
  db: Kysely<Database>;
}

/**
 * The metadata-driven record calls of spec 1 §7 ("Lists and records"): permissions, fields, table,
 * row, detail save and inline save. Thin: the contract parses, the service decides.
 */
export function registerRecordsRoutes(app: FastifyInstance, { db }: RecordsRoutesDeps): void {
  const registry = getTableRegistry(db);
  const records = createRecordsService(db, registry);
  const notes = createLeadNotesService(db, registry);

  registerCall(app, 'permissions', ({ user }) => records.permissions(user));
  registerCall(app, 'fields', ({ user, params }) => records.fields(user, params.table));
  registerCall(app, 'table', ({ user, params, body }) => records.list(user, params.table, body));
  registerCall(app, 'row', ({ user, params, body }) => records.row(user, params.table, params.id, body));
  registerCall(app, 'detailSave', ({ user, body }) => records.detailSave(user, body));
  // A note carries reminders for chosen agents: its own service (spec 1 §3-§5).
  registerCall(app, 'inlineSave', ({ user, body }) =>
    'type' in body && body.type === 'insert_note'
      ? notes.insertNote(user, body.table, body.inputs)
      : records.inlineSave(user, body),
  );
}
