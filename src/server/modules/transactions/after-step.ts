import type { Kysely, Selectable } from 'kysely';
import type { Database, TransactionsTable } from '../../db/schema';
import type { EngineUser } from '../../engine/types';

/** A transactions row, as workflow.ts reads it (named there too; this file imports no workflow code). */
type TransactionRow = Selectable<TransactionsTable>;

/** One step of the transaction workflow as it stands inside its database transaction. */
export interface WorkflowStep {
  readonly name: string;
  readonly user: EngineUser;
  readonly before: TransactionRow;
  readonly after: TransactionRow;
}

/**
 * Work that belongs to a step and must commit or roll back with it, run after the step's change and
 * journal entry (e.g. the automatic funding of a completed deposit, docs/money.md#platform-operations).
 * Throwing refuses the step.
 */
export type AfterStep = (trx: Kysely<Database>, step: WorkflowStep) => Promise<void>;
