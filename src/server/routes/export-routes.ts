import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { toRoutePattern } from '../../shared/contract';
import { EXPORT_FILE_PATH } from '../../shared/contract/export';
import type { Database } from '../db/schema';
import { createExportFileStore, exportDirectory } from '../export/export-files';
import { XLSX_CONTENT_TYPE } from '../export/xlsx-writer';
import { createExportService } from '../services/export-service';
import { registerCall, requireUser } from './register-call';

export interface ExportRoutesDeps {
  db: Kysely<Database>;
  /** The server's data folder; exports go to <dataDir>/exports (OS temp folder when omitted). */
  dataDir?: string | undefined;
  /** How often expired files are deleted; default every 10 minutes. */
  sweepIntervalMs?: number;
}

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Ours are `{table}-{stamp}.xlsx`; anything else in a metadata file is not put into a header. */
const headerSafeName = (name: string): string => (/^[\w.-]{1,200}$/.test(name) ? name : 'export.xlsx');

/**
 * POST /export/{table} (spec 1 §7) and the download of what it wrote, GET /export/file/{id}.
 * POST /export/double/{table} belongs to the import report and is not registered here.
 */
export function registerExportRoutes(app: FastifyInstance, deps: ExportRoutesDeps): void {
  const files = createExportFileStore({ dir: exportDirectory(deps.dataDir) });
  const exports = createExportService(deps.db, { files });

  registerCall(app, 'exportTable', ({ user, params, body }) => exports.exportTable(user, params.table, body));

  app.get(toRoutePattern(EXPORT_FILE_PATH), async (request, reply) => {
    const user = await requireUser(app, request);
    const { name } = request.params as { name?: unknown };
    const file = await exports.openFile(user, typeof name === 'string' ? name : '');
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Length', file.size)
      .header('Content-Disposition', `attachment; filename="${headerSafeName(file.meta.fileName)}"`)
      .send(createReadStream(file.path));
  });

  const sweep = (): void => {
    files.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'export sweep failed'));
  };
  sweep();
  // unref: a pending sweep must never keep a server (or a test run) alive.
  const timer = setInterval(sweep, deps.sweepIntervalMs ?? SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
