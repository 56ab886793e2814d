import { sql, type Kysely } from 'kysely';
import { initialSchema } from './migrations/001-initial';
import { favoritesCallsSchema } from './migrations/002-favorites-calls';
import { leadDetailSchema } from './migrations/003-lead-detail';
import { tasksFilesSurveysEmailSchema } from './migrations/004-tasks-files-surveys-email';
import { shellRealtimeSchema } from './migrations/005-shell-realtime';
import { listPagingSchema } from './migrations/006-list-paging';
import { componentFieldsSchema } from './migrations/007-component-fields';
import { jobRunsSchema } from './migrations/008-job-runs';
import { callAttemptsSchema } from './migrations/009-call-attempts';
import { leadPlatformsSchema } from './migrations/010-lead-platforms';
import { transactionsSchema } from './migrations/011-transactions';
import { tradingLedgerSchema } from './migrations/012-trading-ledger';
import { importerSchema } from './migrations/013-importer';
import { adminJournalSchema } from './migrations/014-admin-journal';
import { chatSchema } from './migrations/015-chat';
import { workManagementSchema } from './migrations/016-work-management';
import { reportBuilderSchema } from './migrations/017-report-builder';
import { periodicReportsSchema } from './migrations/018-periodic-reports';
import { importPhoneLookupSchema } from './migrations/019-import-phone-lookup';
import { productionProfileSchema } from './migrations/020-production-profile';
import { reportStatisticsSchema } from './migrations/021-report-statistics';
import { transactionMonthTotalsSchema } from './migrations/022-transaction-month-totals';
import { leadMonthTotalsSchema } from './migrations/023-lead-month-totals';
import { teamNameIndexSchema } from './migrations/024-team-name-index';
import { transactionLedgerRulesSchema } from './migrations/025-transaction-ledger-rules';
import { platformOperationsSchema } from './migrations/026-platform-operations';
import { noteStatusesDetailLayoutsSchema } from './migrations/028-note-statuses-detail-layouts';
import { workingDaysSchema } from './migrations/029-working-days';
import { importChunkUpdatesSchema } from './migrations/030-import-chunk-updates';

export interface Migration {
  /** Stored in schema_migrations; never rename one that has shipped. */
  id: string;
  /** Executed one by one, in order, inside one transaction. */
  statements: readonly string[];
}

/** Ordered: append new migrations at the end, never reorder or edit applied ones. */
export const migrations: readonly Migration[] = [
  { id: '001-initial', statements: initialSchema },
  { id: '002-favorites-calls', statements: favoritesCallsSchema },
  { id: '003-lead-detail', statements: leadDetailSchema },
  { id: '004-tasks-files-surveys-email', statements: tasksFilesSurveysEmailSchema },
  { id: '005-shell-realtime', statements: shellRealtimeSchema },
  { id: '006-list-paging', statements: listPagingSchema },
  { id: '007-component-fields', statements: componentFieldsSchema },
  { id: '008-job-runs', statements: jobRunsSchema },
  { id: '009-call-attempts', statements: callAttemptsSchema },
  { id: '010-lead-platforms', statements: leadPlatformsSchema },
  { id: '011-transactions', statements: transactionsSchema },
  { id: '012-trading-ledger', statements: tradingLedgerSchema },
  { id: '013-importer', statements: importerSchema },
  { id: '014-admin-journal', statements: adminJournalSchema },
  { id: '015-chat', statements: chatSchema },
  { id: '016-work-management', statements: workManagementSchema },
  { id: '017-report-builder', statements: reportBuilderSchema },
  { id: '018-periodic-reports', statements: periodicReportsSchema },
  { id: '019-import-phone-lookup', statements: importPhoneLookupSchema },
  { id: '020-production-profile', statements: productionProfileSchema },
  { id: '021-report-statistics', statements: reportStatisticsSchema },
  { id: '022-transaction-month-totals', statements: transactionMonthTotalsSchema },
  { id: '023-lead-month-totals', statements: leadMonthTotalsSchema },
  { id: '024-team-name-index', statements: teamNameIndexSchema },
  { id: '025-transaction-ledger-rules', statements: transactionLedgerRulesSchema },
  { id: '026-platform-operations', statements: platformOperationsSchema },
  { id: '028-note-statuses-detail-layouts', statements: noteStatusesDetailLayoutsSchema },
  { id: '029-working-days', statements: workingDaysSchema },
  { id: '030-import-chunk-updates', statements: importChunkUpdatesSchema },
];

/**
 * Any constant works; it only has to be the same on every server node, so that nodes starting together
 * against one PostgreSQL apply each migration once.
 */
const MIGRATION_LOCK_KEY = 7_201_014;

/**
 * Applies the migrations not yet recorded in schema_migrations. Safe to run at every start, and from
 * several processes at once: each migration runs in its own transaction under an advisory lock and is
 * re-checked after the lock is taken.
 */
export async function runMigrations<DB>(
  db: Kysely<DB>,
  list: readonly Migration[] = migrations,
): Promise<string[]> {
  // Under the lock too: two nodes racing on CREATE TABLE IF NOT EXISTS can still collide in pg_type.
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamp NOT NULL DEFAULT date_trunc('second', localtimestamp)
    )`.execute(trx);
  });
  const applied: string[] = [];
  for (const migration of list) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      const found = await sql<{
        id: string;
      }>`SELECT id FROM schema_migrations WHERE id = ${migration.id}`.execute(trx);
      if (found.rows.length > 0) return false;
      // An index built over millions of rows may outlast the pool's statement timeout; a migration cut
      // half-way would stop every start, so it runs without one (SET LOCAL: this transaction only).
      await sql`SET LOCAL statement_timeout = 0`.execute(trx);
      for (const statement of migration.statements) await sql.raw(statement).execute(trx);
      await sql`INSERT INTO schema_migrations (id) VALUES (${migration.id})`.execute(trx);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
}
