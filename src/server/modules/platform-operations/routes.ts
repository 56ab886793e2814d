import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Funding a completed deposit and the operations that funded it (docs/money.md#platform-operations). */
export function registerFundingRoutes(app: FastifyInstance, { funding }: Pick<Services, 'funding'>): void {
  registerCall(app, 'transactionFund', ({ user, params }) => funding.fund(user, params.id));
  registerCall(app, 'transactionFundings', ({ user, params }) => funding.fundings(user, params.id));
}
