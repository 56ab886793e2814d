import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/**
 * The files tab (see docs/requirements.md#lead-workspace-and-work-screens, #money-importer-and-lead-input, #calls): the list, the multipart upload and the download of one file, all
 * contract calls (registerCall parses the upload and sends the file).
 */
export function registerFileRoutes(app: FastifyInstance, { files }: Pick<Services, 'files'>): void {
  registerCall(app, 'files', async ({ user, params }) => ({
    results: await files.list(user, params.leadId),
  }));
  registerCall(app, 'uploadLeadFiles', ({ user, params, upload }) =>
    files.upload(user, params.leadId, upload),
  );
  registerCall(app, 'leadFile', ({ user, params }) => files.open(user, params.id));
}
