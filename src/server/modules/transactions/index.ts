/** What other modules use of the transactions module; they import it from here, never from its files (docs/architecture.md#layers). */
export type { AfterStep } from './after-step';
export { TRANSACTIONS_TABLE, type TransactionRow } from './workflow';
