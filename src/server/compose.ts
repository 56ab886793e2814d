import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createMailAdapterFromEnv, type MailAdapter, type MailEnv } from './adapters/mail/mail';
import { createTelephonyFromEnv, type TelephonyEnv } from './adapters/telephony/telephony';
import {
  createTradingPlatformFromEnv,
  type TradingEnv,
  type TradingPlatform,
} from './adapters/trading/trading-platform';
import { createLocalInvalidationBus, type Invalidate, type InvalidationBus } from './cache/invalidation-bus';
import { createPermissionRowCache } from './cache/permission-row-cache';
import { createRedisInvalidationBus } from './cache/redis-invalidation-bus';
import { installWriteInvalidations } from './http/write-invalidations';
import type { Database } from './db/schema';
import { createLeadScope } from './engine/lead-scope';
import { usePermissionRowCache } from './engine/permission-resolver';
import { createRecordHooks } from './engine/record-hooks';
import { getTableRegistry } from './engine/registry';
import { createJobRunner } from './jobs/job-runner';
import { createMailJob } from './jobs/mail-job';
import { createReminderJob } from './jobs/reminder-job';
import { createPeriodicReportJob } from './jobs/periodic-report-job';
import { createTransactionTotalsJob } from './jobs/transaction-totals-job';
import { createPlatformOperationsJob } from './jobs/platform-operations-job';
import { createPlatformReconciliationJob } from './jobs/platform-reconciliation-job';
import { createFundingService } from './modules/platform-operations/funding';
import { ADMIN_JOURNALED_SOURCES, adminTableJournalHook } from './modules/admin/admin-table-journal';
import { JOURNALED_SOURCE } from './engine/lead-journal';
import {
  createDefaultStatusHook,
  createLeadOwnershipHook,
  LEAD_STATUSES_SOURCE,
} from './engine/lead-ownership';
import { createAdminService } from './modules/admin/service';
import { createAdminUsersService } from './modules/admin/users';
import { createPermissionsService } from './modules/permissions/service';
import type { LoginThrottleOptions } from './modules/auth/login-throttle';
import { createAuthService } from './modules/auth/service';
import { createBulkService } from './modules/bulk/service';
import { createCallLog } from './modules/calls/call-log';
import { createCallOutcomeHandler } from './modules/calls/call-outcome-push';
import { createCallsService } from './modules/calls/service';
import { createChatService } from './modules/chat/service';
import { createEmailService } from './modules/email/service';
import { createImporterService } from './modules/importer/service';
import { importMaxBytesFrom } from '../shared/domain/import-limits';
import { createFavoriteFiltersService } from './modules/favorite-filters/service';
import { createCustomerConversionService } from './modules/lead-detail/customer-conversion';
import { createDuplicateLeadsService } from './modules/lead-detail/duplicate-leads';
import { createLeadJournalService } from './modules/lead-detail/journal';
import { createNextLeadService } from './modules/lead-detail/next-lead';
import { createLeadNotesService } from './modules/notes/service';
import { createAutocompleteService } from './modules/options/autocomplete';
import { createOptionsService } from './modules/options/service';
import { firstPasswordHook, USERS_SOURCE } from './modules/auth/first-password';
import { LEAD_PHONES_SOURCE, leadPhonesHook } from './modules/records/lead-phones';
import { reportMailDomainsFrom, type ReportMailDomains } from './modules/periodic-reports/mail-domains';
import { remitterHook, REMITTERS_SOURCE } from './modules/records/lead-remitters';
import { createRecordsService } from './modules/records/service';
import { createReportsService } from './modules/reports/service';
import { createMonthlyReportService } from './modules/report-monthly/service';
import { createPeriodicReportsService } from './modules/periodic-reports/service';
import { createPeriodicSheetBuilder } from './modules/periodic-reports/periodic-sheets';
import { createReportBuilderService } from './modules/report-builder/service';
import { createDashboardService } from './modules/dashboard/service';
import { createNotificationsService } from './modules/notifications/service';
import { createPreferencesService } from './modules/preferences/service';
import { createProfileService } from './modules/profile/service';
import { createSearchService } from './modules/search/service';
import { createFavoritesService } from './modules/favorites/service';
import { createDetailLayoutsService } from './modules/detail-layouts/service';
import { createExportFileStore, exportDirectory } from './modules/export/export-files';
import { createExportService } from './modules/export/service';
import { createLeadFileStorage, leadFilesDirectory } from './modules/files/lead-file-storage';
import { createFilesService } from './modules/files/service';
import { createTimelineService } from './modules/timeline/service';
import { installTimelinePushes } from './modules/timeline/timeline-pushes';
import { createSurveysService } from './modules/surveys/service';
import { createTasksService } from './modules/tasks/service';
import { createTransactionsService } from './modules/transactions/service';
import { OPTION_VALUES_SOURCE, statusFlowHook } from './modules/transactions/status-flows';
import { createTransactionHook, TRANSACTIONS_SOURCE } from './modules/transactions/transaction-rules';
import { leadMoneyHistoryHook } from './modules/transactions/money-history-guard';
import { moneySettingsFromEnv, type MoneyEnv } from './modules/transactions/money-settings';
import { createPlatformsService, PLATFORMS_TABLE } from './modules/platforms/service';
import { platformRowsHook } from './modules/platforms/platform-rows-hook';
import { applyAssignmentRules, createAssignmentHook } from './modules/hooks/assignment';
import { createHooksService } from './modules/hooks/service';
import { createBidsService } from './modules/bids/service';
import { createCallPeriodsService } from './modules/call-periods/service';
import { installRecordEvents } from './realtime/record-events';
import { attachSocketServer } from './realtime/socket-server';
import type { Services } from './services';

export type { Services } from './services';

export interface ComposeOptions {
  db: Kysely<Database>;
  /** Where reports run (DatabaseHandle.reportDb); `db` when not given. */
  reportDb?: Kysely<Database>;
  telephonyEnv: TelephonyEnv;
  mailEnv: MailEnv;
  mailAdapter?: MailAdapter;
  mailIntervalMs?: number;
  /** TRADING_PLATFORM / MT5_* settings; default: the built-in ledger. */
  tradingEnv?: TradingEnv;
  /** TRANSACTION_SLA_HOURS / TRANSACTION_BACKDATE_DAYS (docs/money.md); defaults when omitted. */
  moneyEnv?: MoneyEnv;
  /** A trading platform instead of the one tradingEnv describes (tests). */
  tradingPlatform?: TradingPlatform;
  /** AUTO_FUND_ON_COMPLETE=1: a deposit completed by risk is funded in the same step. */
  autoFundOnComplete?: boolean;
  /** How often recorded platform operations are sent; default every second. */
  platformOperationsIntervalMs?: number;
  /** How often platform operations are reconciled with the platform; default every hour. */
  reconciliationIntervalMs?: number;
  reminderIntervalMs?: number;
  reminderGraceMs?: number;
  /** How often every socket's session is checked again; default 60 s. */
  socketRecheckMs?: number;
  /** REPORT_MAIL_DOMAINS as read: where scheduled reports may be mailed (default: the admins' domains). */
  reportMailDomains?: ReportMailDomains;
  /** How often due periodic reports are looked for; default every minute. */
  periodicReportIntervalMs?: number;
  loginThrottle?: Partial<LoginThrottleOptions>;
  redisUrl?: string;
  /**
   * How long sessions, permission rows and option lists may be served from memory (ms); every change
   * made through the CRM drops them on every node at once, the limit covers edits made outside it.
   * 0: no caches.
   */
  cacheTtlMs?: number;
  apiPrefix: string;
  isAllowedOrigin: (origin: string | undefined) => boolean;
  isAllowedHost: ((host: string | undefined) => boolean) | null;
  /** The embedded server's per-launch secret check on socket.io requests; absent: every request. */
  isAllowedRequest?: (headers: IncomingHttpHeaders) => boolean;
  /** The server's data folder: lead files and exports live below it (the OS temp folder when omitted). */
  dataDir?: string | undefined;
  /** How often expired export files are deleted; default every 10 minutes. */
  exportSweepIntervalMs?: number;
}

const EXPORT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** CACHE_TTL_MS's default. */
export const DEFAULT_CACHE_TTL_MS = 60_000;

/** CACHE_TTL_MS: whole milliseconds, 0 turns the caches off; anything else is the default. */
export function cacheTtlFromEnv(value: string | undefined): number {
  const text = (value ?? '').trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : DEFAULT_CACHE_TTL_MS;
}

/** Invalidations over Redis when nodes share one (REDIS_URL), else within this process. */
async function createInvalidationBus(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<InvalidationBus> {
  const onError = (error: unknown, context = 'cache invalidation'): void =>
    app.log.error({ err: error }, `cache: ${context}`);
  const bus = redisUrl
    ? await createRedisInvalidationBus({ url: redisUrl, onError })
    : createLocalInvalidationBus(onError);
  app.addHook('onClose', () => bus.close());
  return bus;
}

/**
 * The one composition root: builds the table engine, every adapter, service and job and the realtime hub
 * once, and hands them to the modules (their routes only parse, call and answer). Jobs are registered
 * here and started by buildServer once the server is complete.
 */
export async function composeServer(app: FastifyInstance, options: ComposeOptions): Promise<Services> {
  const { db } = options;
  const reportDb = options.reportDb ?? db;
  const registry = getTableRegistry(db);
  const invalidation = await createInvalidationBus(app, options.redisUrl);
  const invalidate: Invalidate = (change) => invalidation.publish(change);
  const cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const auth = createAuthService(db, {
    throttle: options.loginThrottle,
    sessionCache: { bus: invalidation, ttlMs: cacheTtlMs },
  });
  if (cacheTtlMs > 0) {
    const stopCaching = usePermissionRowCache(
      db,
      createPermissionRowCache(db, { bus: invalidation, ttlMs: cacheTtlMs }),
    );
    app.addHook('onClose', async () => stopCaching());
  }
  // The registry's own age limit stays for edits made outside the CRM; the CRM's reach every node now.
  invalidation.subscribe((change) => {
    if (change.kind === 'registry' || change.kind === 'all') registry.invalidate();
  });
  installWriteInvalidations(app, {
    registry,
    bus: invalidation,
    prefix: options.apiPrefix,
    onError: (error) => app.log.error({ err: error }, 'cache invalidation not published'),
  });

  // socket.io on the same HTTP server and port, authenticated with the same tokens and origin rules.
  const { realtime } = await attachSocketServer(app, {
    authenticate: auth.authenticate,
    sessionUser: auth.sessionUser,
    invalidation,
    recheckMs: options.socketRecheckMs,
    isAllowedOrigin: options.isAllowedOrigin,
    isAllowedHost: options.isAllowedHost,
    ...(options.isAllowedRequest ? { isAllowedRequest: options.isAllowedRequest } : {}),
    redisUrl: options.redisUrl,
    onError: (error, context) => app.log.error({ err: error }, `realtime: ${context}`),
  });
  installRecordEvents(app, {
    db,
    registry,
    realtime,
    authenticate: auth.authenticate,
    prefix: options.apiPrefix,
    onError: (error) => app.log.error({ err: error }, 'record event not handled'),
  });

  // One adapter (one AMI connection) per server; a call's late outcome is recorded and pushed.
  const callLog = createCallLog(db);
  const telephony = createTelephonyFromEnv(options.telephonyEnv, {
    log: app.log,
    onOutcome: createCallOutcomeHandler({ db, callLog, log: app.log, realtime: () => realtime }),
    onError: (error) => app.log.error({ err: error }, 'call outcome not recorded'),
  });
  app.addHook('onClose', () => telephony.close());

  const mailAdapter = options.mailAdapter ?? createMailAdapterFromEnv(options.mailEnv, db);
  const jobs = createJobRunner({ db, log: app.log });
  jobs.register(
    createMailJob({ db, adapter: mailAdapter, intervalMs: options.mailIntervalMs, log: app.log }),
  );
  jobs.register(
    createReminderJob({
      db,
      realtime,
      registry,
      intervalMs: options.reminderIntervalMs,
      graceMs: options.reminderGraceMs,
    }),
  );
  // Folds the report totals' deltas (migration 022); the totals are exact without it, only longer.
  jobs.register(createTransactionTotalsJob({ db }));
  // Stopped before the adapter closes, so a batch in progress finishes with a working transport.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailAdapter.close();
  });

  // Business rules per table, run inside every generic write (inline, detail and bulk saves alike).
  const recordHooks = createRecordHooks();
  recordHooks.register(REMITTERS_SOURCE, remitterHook);
  // A lead's phones are 10 digits whichever save writes them.
  recordHooks.register(LEAD_PHONES_SOURCE, leadPhonesHook);
  // A new account's owner chooses their own password first, whichever insert made the account.
  recordHooks.register(USERS_SOURCE, firstPasswordHook);
  const leadScope = createLeadScope(db, registry);
  const timeline = createTimelineService(db, registry, leadScope);
  installTimelinePushes(app, {
    db,
    timeline,
    realtime: () => realtime,
    onError: (error) => app.log.error({ err: error }, 'timeline push not sent'),
  });
  const money = moneySettingsFromEnv(options.moneyEnv ?? {});
  // Funding a completed deposit records a platform operation (sent by the job registered below).
  const funding = createFundingService({
    db,
    registry,
    onFunded: (id) => transactions.announce([id], 'edit'),
  });
  const transactions = createTransactionsService({
    db,
    registry,
    leadScope,
    slaHours: money.slaHours,
    push: (change, userIds) => realtime.transactionUpdate(userIds, change),
    onPushError: (error) => app.log.error({ err: error }, 'transaction change not pushed'),
    ...(options.autoFundOnComplete ? { afterStep: funding.autoFund } : {}),
  });
  // Money instructions: the spec's rules on every generic write, and a push once one is committed.
  recordHooks.register(
    TRANSACTIONS_SOURCE,
    createTransactionHook((ids, mode) => transactions.announce(ids, mode === 'insert' ? 'create' : 'edit'), {
      backDateDays: money.backDateDays,
    }),
  );
  recordHooks.register(OPTION_VALUES_SOURCE, statusFlowHook);
  // Ownership follows the agent and new leads get the default status, on every write path.
  recordHooks.register(JOURNALED_SOURCE, createLeadOwnershipHook());
  recordHooks.register(LEAD_STATUSES_SOURCE, createDefaultStatusHook());
  recordHooks.register(PLATFORMS_TABLE, platformRowsHook);
  // Admin tables edited through the generic list are journaled like the admin calls (see docs/admin-guide.md).
  for (const source of ADMIN_JOURNALED_SOURCES) recordHooks.register(source, adminTableJournalHook);
  // Assignment rules (/hooks) on every new lead, in the insert's transaction.
  recordHooks.register('leads', leadMoneyHistoryHook);
  recordHooks.register(
    'leads',
    createAssignmentHook((message, details) => app.log.warn(details, message)),
  );

  // One trading platform per server (one MT5 session); the built-in ledger unless MT5 is configured.
  const trading = options.tradingPlatform ?? createTradingPlatformFromEnv(options.tradingEnv ?? {}, app.log);
  app.addHook('onClose', () => trading.close());
  // Money moves on trading accounts are recorded first and sent by this job, one node of the cluster at
  // a time; the reconciliation compares what was sent with what the platform booked.
  jobs.register(
    createPlatformOperationsJob({
      db,
      platform: trading,
      log: app.log,
      intervalMs: options.platformOperationsIntervalMs,
      onSettled: (row) => {
        if (row.transaction_id !== null) transactions.announce([row.transaction_id], 'edit');
      },
    }),
  );
  jobs.register(
    createPlatformReconciliationJob({
      db,
      platform: trading,
      log: app.log,
      intervalMs: options.reconciliationIntervalMs,
    }),
  );

  // Export files are this node's own (its data folder), so each node sweeps its folder itself rather
  // than as a job, which runs on one node per round. unref: a pending sweep never keeps a process alive.
  const exportFiles = createExportFileStore({ dir: exportDirectory(options.dataDir) });
  const sweepExports = (): void => {
    exportFiles.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'export sweep failed'));
  };
  sweepExports();
  const sweepTimer = setInterval(
    sweepExports,
    options.exportSweepIntervalMs ?? EXPORT_SWEEP_INTERVAL_MS,
  ).unref();
  app.addHook('onClose', async () => clearInterval(sweepTimer));

  const optionsService = createOptionsService(db, { bus: invalidation, ttlMs: cacheTtlMs });
  const notes = createLeadNotesService(db, registry);
  const reports = createReportsService(reportDb, { leadScope, options: optionsService });
  const monthlyReport = createMonthlyReportService(reportDb, {
    registry,
    leadScope,
    options: optionsService,
  });
  const reportBuilder = createReportBuilderService(reportDb, {
    registry,
    leadScope,
    options: optionsService,
    files: exportFiles,
  });
  // Where scheduled reports may go: REPORT_MAIL_DOMAINS, or the admins' own domains.
  const mailDomains = options.reportMailDomains ?? reportMailDomainsFrom(undefined);
  // Periodic reports are built as their owner sees them and sent through the same mail adapter.
  jobs.register(
    createPeriodicReportJob({
      db,
      adapter: mailAdapter,
      mailDomains,
      build: createPeriodicSheetBuilder({ db, monthlyReport, reports, reportBuilder }),
      intervalMs: options.periodicReportIntervalMs,
      log: app.log,
    }),
  );
  return {
    db,
    registry,
    leadScope,
    recordHooks,
    realtime,
    invalidation,
    jobs,
    telephony,
    mailAdapter,
    auth,
    options: optionsService,
    autocomplete: createAutocompleteService(db, registry),
    admin: createAdminService(db, registry, realtime, invalidate),
    // A note carries reminders for chosen agents: its own insert type (see docs/requirements.md#records-notes-and-settings, #notification-and-list-states, #filters-and-list-input).
    records: createRecordsService(db, {
      registry,
      hooks: recordHooks,
      insertTypes: { insert_note: (user, body) => notes.insertNote(user, body.table, body.inputs) },
    }),
    bulk: createBulkService(db, registry, recordHooks),
    notes,
    journal: createLeadJournalService(db, registry, {
      [TRANSACTIONS_SOURCE]: (user, id, paging) => transactions.journalPage(user, id, paging),
    }),
    duplicates: createDuplicateLeadsService(db, registry),
    nextLead: createNextLeadService(db, registry),
    conversion: createCustomerConversionService(db, registry),
    favoriteFilters: createFavoriteFiltersService(db, registry),
    callLog,
    calls: createCallsService({ db, leadScope, telephony, callLog }),
    tasks: createTasksService(db, registry, leadScope),
    surveys: createSurveysService(db, leadScope),
    email: createEmailService(db, leadScope),
    search: createSearchService(db, leadScope),
    notifications: createNotificationsService(db),
    preferences: createPreferencesService(db, invalidate),
    profile: createProfileService({ db, realtime, leadScope, invalidate }),
    dashboard: createDashboardService(db, leadScope),
    favorites: createFavoritesService(db),
    detailLayouts: createDetailLayoutsService(db, registry),
    exports: createExportService(db, { registry, files: exportFiles }),
    timeline,
    files: createFilesService(db, leadScope, createLeadFileStorage(leadFilesDirectory(options.dataDir))),
    reports,
    monthlyReport,
    periodicReports: createPeriodicReportsService(db, {
      mailDomains,
      savedReport: async (user, id) => {
        const saved = await reportBuilder.savedReport(user, id);
        return { id: saved.id, table: saved.report_values.table };
      },
      checkForm: (user, form) => reportBuilder.checkForm(user, form),
    }),
    reportBuilder,
    transactions,
    trading,
    platforms: createPlatformsService({ db, registry, leadScope, platform: trading, log: app.log }),
    funding,
    importer: createImporterService(db, {
      registry,
      hooks: recordHooks,
      realtime: () => realtime,
      maxBytes: importMaxBytesFrom(process.env.IMPORT_MAX_BYTES),
      afterLeadsInserted: async (trx, ids, actorId, decided) => {
        await applyAssignmentRules(trx, ids, {
          actorId,
          decided,
          warn: (message, details) => app.log.warn(details, message),
        });
      },
    }),
    adminUsers: createAdminUsersService(db, realtime, invalidate),
    permissionEditor: createPermissionsService(db, registry, realtime, invalidate),
    chat: createChatService({ db, registry, leadScope, realtime }),
    hooks: createHooksService(db),
    bids: createBidsService(db, registry, leadScope),
    callPeriods: createCallPeriodsService(db, leadScope),
  };
}
