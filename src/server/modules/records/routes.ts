import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/**
 * The metadata-driven record calls of docs/requirements.md#calls ("Lists and records"): permissions, fields, table,
 * row, detail save and inline save. Thin: the contract parses, the service decides.
 */
export function registerRecordsRoutes(app: FastifyInstance, { records }: Pick<Services, 'records'>): void {
  registerCall(app, 'permissions', ({ user }) => records.permissions(user));
  registerCall(app, 'fields', ({ user, params }) => records.fields(user, params.table));
  registerCall(app, 'table', ({ user, params, body }) => records.list(user, params.table, body));
  registerCall(app, 'row', ({ user, params, body }) => records.row(user, params.table, params.id, body));
  registerCall(app, 'detailSave', ({ user, body }) => records.detailSave(user, body));
  registerCall(app, 'inlineSave', ({ user, body }) => records.inlineSave(user, body));
  registerCall(app, 'leadDuplicates', ({ user, body }) => records.leadDuplicates(user, body));
  registerCall(app, 'hidden', ({ user, params }) =>
    records.hidden(user, params.table, params.id, params.field),
  );
  registerCall(app, 'leadPlatforms', ({ user, params, body }) =>
    records.leadPlatforms(user, params.table, body),
  );
}
