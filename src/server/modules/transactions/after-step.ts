import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EngineUser } from '../../engine/types';
import type { TransactionRow } from './workflow';

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
