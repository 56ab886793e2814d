import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Services } from '../../services';

/** Money instructions (see docs/requirements.md#calls "Transaction actions", lead info, search) plus their journal and flows. */
export function registerTransactionRoutes(
  app: FastifyInstance,
  { transactions }: Pick<Services, 'transactions'>,
): void {
  registerCall(app, 'transactionChangeStatus', ({ user, params, body }) =>
    transactions.act(user, 'changeStatus', params.id, body),
  );
  registerCall(app, 'transactionChangeComment', ({ user, params, body }) =>
    transactions.act(user, 'changeComment', params.id, body),
  );
  registerCall(app, 'transactionDeliveryIban', ({ user, params, body }) =>
    transactions.act(user, 'deliveryIban', params.id, body),
  );
  registerCall(app, 'transactionDepositOk', ({ user, params, body }) =>
    transactions.act(user, 'depositOk', params.id, body),
  );
  registerCall(app, 'transactionDepositCanceled', ({ user, params, body }) =>
    transactions.act(user, 'depositCanceled', params.id, body),
  );
  registerCall(app, 'transactionDepositBlocked', ({ user, params, body }) =>
    transactions.act(user, 'depositBlocked', params.id, body),
  );
  registerCall(app, 'transactionRiskOk', ({ user, params, body }) =>
    transactions.act(user, 'riskOk', params.id, body),
  );
  registerCall(app, 'transactionRiskOkWithdrawal', ({ user, params, body }) =>
    transactions.act(user, 'riskOkWithdrawal', params.id, body),
  );
  registerCall(app, 'transactionFinansOkWithdrawal', ({ user, params, body }) =>
    transactions.act(user, 'finansOkWithdrawal', params.id, body),
  );
  registerCall(app, 'transactionRiskCanceled', ({ user, params, body }) =>
    transactions.act(user, 'riskCanceled', params.id, body),
  );
  registerCall(app, 'transactionRiskBlocked', ({ user, params, body }) =>
    transactions.act(user, 'riskBlocked', params.id, body),
  );
  registerCall(app, 'transactionLeadInfo', ({ user, params }) => transactions.leadInfo(user, params.trx));
  registerCall(app, 'searchTrx', ({ user, body }) => transactions.search(user, body.keyword));
  registerCall(app, 'transactionJournal', ({ user, params }) => transactions.journal(user, params.id));
  registerCall(app, 'transactionStatuses', () => transactions.statuses());
  registerCall(app, 'transactionQueue', ({ user }) => transactions.queue(user));
  registerCall(app, 'transactionReverse', ({ user, params, body }) =>
    transactions.reverse(user, params.id, body.comment),
  );
  registerCall(app, 'transactionEligibility', ({ user, params }) =>
    transactions.eligibility(user, params.id),
  );
}
