import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { registerCall } from '../../http/register-call';

/** A lead's timeline (docs/user-guide.md#zaman-akisi): one call, scoped like the lead itself. */
export function registerTimelineRoutes(app: FastifyInstance, { timeline }: Pick<Services, 'timeline'>): void {
  registerCall(app, 'leadTimeline', ({ user, params, body }) => timeline.list(user, params.id, body));
}
