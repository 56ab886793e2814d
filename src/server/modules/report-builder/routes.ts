import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** The report builder of docs/requirements.md#lead-workspace-and-work-screens (/reports) and #calls (reportBuilder, saveReport, updateReport, deleteReport, fields). */
export function registerReportBuilderRoutes(
  app: FastifyInstance,
  { reportBuilder }: Pick<Services, 'reportBuilder'>,
): void {
  registerCall(app, 'reportBuilder', ({ user, body }) => reportBuilder.run(user, body));
  registerCall(app, 'reportBuilderFields', ({ user, params }) => reportBuilder.fields(user, params.table));
  registerCall(app, 'savedReports', ({ user }) => reportBuilder.savedReports(user));
  registerCall(app, 'saveReport', ({ user, body }) => reportBuilder.save(user, body));
  registerCall(app, 'updateReport', ({ user, body }) => reportBuilder.update(user, body));
  registerCall(app, 'deleteReport', ({ user, body }) => reportBuilder.remove(user, body.id));
  registerCall(app, 'reportBuilderExport', ({ user, body }) => reportBuilder.exportXlsx(user, body));
}
