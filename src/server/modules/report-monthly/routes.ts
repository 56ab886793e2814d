import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';
import { createExportFileStore, exportDirectory } from '../export';
import { createMonthlyExporter } from './monthly-export';

export interface MonthlyReportRoutesDeps extends Pick<Services, 'monthlyReport' | 'leadScope'> {
  /** The server's data folder: the export goes where list exports go (GET /export/file/{id}). */
  dataDir?: string | undefined;
}

/** /report/monthly (see docs/requirements.md#lead-workspace-and-work-screens): the months × measures table, its drill-down and its Excel export. */
export function registerMonthlyReportRoutes(app: FastifyInstance, deps: MonthlyReportRoutesDeps): void {
  const { monthlyReport } = deps;
  const exporter = createMonthlyExporter({
    report: monthlyReport,
    leadScope: deps.leadScope,
    files: createExportFileStore({ dir: exportDirectory(deps.dataDir) }),
  });
  registerCall(app, 'reportMonthly', ({ user, body }) => monthlyReport.report(user, body));
  registerCall(app, 'reportMonthlyTransactions', ({ user, body }) => monthlyReport.transactions(user, body));
  registerCall(app, 'reportMonthlyExport', ({ user, body }) => exporter.write(user, body));
}
