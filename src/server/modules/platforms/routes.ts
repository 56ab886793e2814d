import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Trading account calls of docs/requirements.md#calls (/mt5/*): the platformlar tab of the lead detail. */
export function registerPlatformRoutes(
  app: FastifyInstance,
  { platforms }: Pick<Services, 'platforms'>,
): void {
  registerCall(app, 'getPlatformInfo', ({ user, body }) => platforms.info(user, body));
  registerCall(app, 'getUserOpenPositions', ({ user, body }) => platforms.openPositions(user, body));
  registerCall(app, 'getUserPendingOrders', ({ user, body }) => platforms.pendingOrders(user, body));
  registerCall(app, 'getUserClosedPositions', ({ user, body }) => platforms.closedPositions(user, body));
  registerCall(app, 'getUserDeposit', ({ user, body }) => platforms.deposits(user, body));
  registerCall(app, 'getUserWithdrawal', ({ user, body }) => platforms.withdrawals(user, body));
  registerCall(app, 'createPlatform', ({ user, body }) => platforms.create(user, body));
  registerCall(app, 'createDeposit', ({ user, body }) => platforms.moveMoney(user, 'deposit', body));
  registerCall(app, 'createWithdrawal', ({ user, body }) => platforms.moveMoney(user, 'withdrawal', body));
  registerCall(app, 'getPlatformOperations', ({ user, body }) => platforms.operations(user, body));
}
