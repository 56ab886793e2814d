import type { FastifyInstance } from 'fastify';
import { DEFAULT_IMPORT_TABLE } from '../../../shared/contract';
import { messages } from '../../../shared/i18n/messages';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';
import { createExportFileStore, exportDirectory } from '../export';
import { createDoubleExporter } from './double-export';

export interface ImporterRoutesDeps extends Pick<Services, 'db' | 'registry' | 'importer'> {
  /** The server's data folder: duplicate exports go where list exports go (GET /export/file/{id}). */
  dataDir?: string | undefined;
}

/** The importer (see docs/requirements.md#calls): templates, double check, chunked bulk insert, import reports, duplicates export. */
export function registerImporterRoutes(app: FastifyInstance, deps: ImporterRoutesDeps): void {
  const { importer } = deps;
  const doubles = createDoubleExporter(
    deps.db,
    deps.registry,
    createExportFileStore({ dir: exportDirectory(deps.dataDir) }),
  );
  registerCall(app, 'importTemplates', async ({ user, body }) => {
    const table = body?.table ?? DEFAULT_IMPORT_TABLE;
    // A form client saves through this call too: name and data (see docs/api-conformance.md).
    if (body?.name === undefined || body.data === undefined) return importer.templates(user, table);
    const saved = await importer.saveTemplate(user, { table, name: body.name, data: body.data });
    return { ...(await importer.templates(user, table)), msg: saved.msg };
  });
  registerCall(app, 'importTemplateSave', ({ user, body }) => importer.saveTemplate(user, body));
  registerCall(app, 'doubleCheck', ({ user, body }) => importer.doubleCheck(user, body));
  registerCall(app, 'bulkInsert', ({ user, body }) => importer.insertChunk(user, body));
  registerCall(app, 'importReports', ({ user }) => importer.reports(user));
  registerCall(app, 'importStatus', ({ user, body }) => importer.status(user, body.excelId));
  registerCall(app, 'exportDouble', async ({ user, params, body }) => {
    const ids =
      'excelId' in body
        ? (await importer.report(user, body.excelId)).double_ids
        : 'double_ids' in body
          ? body.double_ids
          : await doubles.duplicateIds(user, params.table, body.filters);
    if (ids.length === 0) return { success: false, excelFiles: [], msg: messages.exportFailed };
    return doubles.write(user, params.table, ids);
  });
}
