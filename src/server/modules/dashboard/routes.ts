import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** The home dashboard: its charts and the reminder calendar (see docs/requirements.md#calls Reports, Calendar). */
export function registerDashboardRoutes(
  app: FastifyInstance,
  { dashboard }: Pick<Services, 'dashboard'>,
): void {
  registerCall(app, 'calendar', async ({ user, body }) => ({
    success: true,
    events: await dashboard.calendar(user.id, body),
  }));
  registerCall(app, 'dashboardReports', ({ user, body }) => dashboard.reports(user, body));
}
