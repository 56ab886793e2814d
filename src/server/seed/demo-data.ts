import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedAgentWorkspaces, type AgentWorkspaceResult } from './agent-workspace';
import { seedDemoPlatforms } from './demo-platforms';
import { seedDemoSurvey } from './lead-detail-data';
import { seedLeads, type SeedLeadsProgress, type SeedLeadsResult } from './leads';
import { seedReferenceData, type ReferenceSection } from './reference-data';
import { seedDemoTransactions } from './transaction-data';

export type DemoSeedProgress =
  | { readonly phase: 'reference'; readonly seeded: readonly ReferenceSection[]; readonly elapsedMs: number }
  | { readonly phase: 'existing-leads'; readonly count: number }
  | { readonly phase: 'workspaces'; readonly result: AgentWorkspaceResult }
  | SeedLeadsProgress;

export interface DemoDataOptions {
  /** How many leads the database should hold; only the difference to the current count is generated. */
  readonly leads: number;
  readonly onProgress?: (progress: DemoSeedProgress) => void;
}

export interface DemoDataResult {
  readonly reference: readonly ReferenceSection[];
  readonly existingLeads: number;
  /** null when the database already held enough leads. */
  readonly leads: SeedLeadsResult | null;
  /** The demo accounts' reminders, tasks, favourites and journal (only accounts that had none). */
  readonly workspaces: AgentWorkspaceResult;
}

/**
 * The demo data set: reference data (only into empty tables), then leads and notes up to `options.leads`,
 * then each demo account's workspace (reminders, tasks, favourites, journal) on its first leads.
 * Topping up instead of always adding keeps it idempotent: a server start or a rerun of the same command
 * leaves an already seeded database as it is.
 */
export async function seedDemoData(db: Kysely<Database>, options: DemoDataOptions): Promise<void> {
  await seedDemoDataWithResult(db, options);
}

/** seedDemoData with a summary of what was written, for the seed CLI. */
export async function seedDemoDataWithResult(
  db: Kysely<Database>,
  options: DemoDataOptions,
): Promise<DemoDataResult> {
  if (!Number.isSafeInteger(options.leads) || options.leads < 0) {
    throw new Error(`seedDemoData: leads must be a whole number ≥ 0, got ${options.leads}`);
  }
  const report = options.onProgress ?? (() => undefined);

  const started = performance.now();
  const { seeded } = await seedReferenceData(db);
  report({ phase: 'reference', seeded, elapsedMs: Math.round(performance.now() - started) });

  const { count } = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const existingLeads = Number(count);
  report({ phase: 'existing-leads', count: existingLeads });

  await seedDemoSurvey(db);

  const missing = options.leads - existingLeads;
  const leads = missing > 0 ? await seedLeads(db, missing, { onProgress: report }) : null;
  const workspaces = await seedAgentWorkspaces(db);
  report({ phase: 'workspaces', result: workspaces });
  // Deposits and withdrawals in several states for demo customers (see docs/money.md).
  await seedDemoTransactions(db);
  await seedDemoPlatforms(db);
  return { reference: seeded, existingLeads, leads, workspaces };
}
