import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';
import { XLSX_CONTENT_TYPE } from './xlsx-writer';

/**
 * POST /export/{table} (see docs/requirements.md#calls) and the download of what it wrote, GET /export/file/{id}, both
 * contract calls. POST /export/double/{table} belongs to the import report and is not registered here.
 */
export function registerExportRoutes(app: FastifyInstance, { exports }: Pick<Services, 'exports'>): void {
  registerCall(app, 'exportTable', ({ user, params, body }) => exports.exportTable(user, params.table, body));
  registerCall(app, 'exportFile', async ({ user, params }) => {
    const file = await exports.openFile(user, params.name);
    return { path: file.path, size: file.size, mime: XLSX_CONTENT_TYPE, fileName: file.meta.fileName };
  });
}
