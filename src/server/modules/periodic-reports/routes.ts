import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** Periodic e-mailed reports (see docs/requirements.md#calls savePeriod): save, list with their sending state, delete. */
export function registerPeriodicReportRoutes(
  app: FastifyInstance,
  { periodicReports }: Pick<Services, 'periodicReports'>,
): void {
  registerCall(app, 'savePeriod', ({ user, body }) => periodicReports.save(user, body));
  registerCall(app, 'periodicReports', ({ user }) => periodicReports.list(user));
  registerCall(app, 'deletePeriod', ({ user, params }) => periodicReports.remove(user, params.id));
}
