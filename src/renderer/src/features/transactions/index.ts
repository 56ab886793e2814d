/** The money screens (see docs/money.md): the /transactions workspace and the parts the lead's money tab reuses. */
import type { FeatureRoutes } from '../../routing/feature-routes';
import { lazyScreen } from '../../routing/lazy-screen';

export { TransactionTable, type TransactionTableProps } from './TransactionTable';
export { AmountInput, useAmountReading, useCurrencyCode } from './AmountInput';
export {
  customerQuery,
  invalidateTransactions,
  TRANSACTIONS_TABLE,
  useTransactionStatuses,
  useTransactionUpdates,
} from './transaction-queries';

// The /transactions workspace (the menu's url 'transactions' names it); the page stays its own script.
export const transactionsFeature: FeatureRoutes = {
  shell: [
    {
      path: 'transactions',
      lazy: lazyScreen(
        () => import('./TransactionsPage'),
        (m) => m.TransactionsPage,
      ),
    },
  ],
  namedRoutes: { transactions: () => '/transactions' },
};
