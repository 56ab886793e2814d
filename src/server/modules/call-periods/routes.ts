import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** The call-period list (see docs/requirements.md#lead-workspace-and-work-screens /call-periods, #calls Call periods); its bulk change is /bulk/save/. */
export function registerCallPeriodRoutes(
  app: FastifyInstance,
  { callPeriods }: Pick<Services, 'callPeriods'>,
): void {
  registerCall(app, 'callPeriods', ({ user, body }) => callPeriods.list(user, body?.filters ?? {}));
}
