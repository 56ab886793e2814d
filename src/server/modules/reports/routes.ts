import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** The lead reports of docs/requirements.md#lead-workspace-and-work-screens (/report/utm, /report/agent, /piechart/firstFund). */
export function registerReportRoutes(app: FastifyInstance, { reports }: Pick<Services, 'reports'>): void {
  registerCall(app, 'reportUtm', ({ user, body }) => reports.utm(user, body));
  registerCall(app, 'reportAgent', ({ user, body }) => reports.agent(user, body));
  registerCall(app, 'firstFund', ({ user, body }) => reports.firstFund(user, body));
}
