import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../compose';

/** The call-period list (spec 2 §2 /call-periods, §7 Call periods); its bulk change is /bulk/save/. */
export function registerCallPeriodRoutes(
  app: FastifyInstance,
  { callPeriods }: Pick<Services, 'callPeriods'>,
): void {
  registerCall(app, 'callPeriods', ({ user, body }) => callPeriods.list(user, body?.filters ?? {}));
}
