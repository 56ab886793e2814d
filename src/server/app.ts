import { resolve } from 'node:path';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ErrorAnswer } from '../shared/contract';
import type { AdapterStatus } from './adapters/adapter-status';
import { registerBodyParsers, parseQuery } from './http/body-parsers';
import type { DatabaseHandle } from './db/database';
import { installErrorHandlers } from './http/error-handler';
import { EMBEDDED_SECRET_HEADER, embeddedSecretCheck } from './http/embedded-secret';
import { reportMailDomainsFrom } from './modules/periodic-reports/mail-domains';
import {
  callQueueLimitsFromEnv,
  installCallQueue,
  type CallQueueLimits,
  type CallQueueState,
} from './http/call-queue';
import { HTTP_LIMITS, httpServerOptions, type HttpLimits } from './http/http-limits';
import { answerConnectionError, answerFrameworkError, installRequestGuards } from './http/framework-errors';
import { RequestLogController, serverLoggerOptions, type LogDestination } from './http/request-log';
import { serverMessages } from './domain-errors';
import { registerAdminRoutes } from './modules/admin/routes';
import { registerApiDocsRoutes } from './modules/api-docs/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerPermissionRoutes } from './modules/permissions/routes';
import { registerExportRoutes } from './modules/export/routes';
import { registerBulkRoutes } from './modules/bulk/routes';
import { registerImporterRoutes } from './modules/importer/routes';
import { registerCallRoutes } from './modules/calls/routes';
import { registerChatRoutes } from './modules/chat/routes';
import { registerEmailRoutes } from './modules/email/routes';
import { registerFileRoutes } from './modules/files/routes';
import { registerTimelineRoutes } from './modules/timeline/routes';
import { registerFavoriteFilterRoutes } from './modules/favorite-filters/routes';
import { registerLeadDetailRoutes } from './modules/lead-detail/routes';
import { registerOptionRoutes } from './modules/options/routes';
import { registerRecordsRoutes } from './modules/records/routes';
import { registerDetailLayoutRoutes } from './modules/detail-layouts/routes';
import { registerSurveyRoutes } from './modules/surveys/routes';
import { registerTaskRoutes } from './modules/tasks/routes';
import { registerSearchRoutes } from './modules/search/routes';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { registerFavoriteRoutes } from './modules/favorites/routes';
import { registerPreferenceRoutes } from './modules/preferences/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { registerReportRoutes } from './modules/reports/routes';
import { registerMonthlyReportRoutes } from './modules/report-monthly/routes';
import { registerPeriodicReportRoutes } from './modules/periodic-reports/routes';
import { registerReportBuilderRoutes } from './modules/report-builder/routes';
import { registerTransactionRoutes } from './modules/transactions/routes';
import { registerPlatformRoutes } from './modules/platforms/routes';
import type { TradingEnv } from './adapters/trading/trading-platform';
import { registerHookRoutes } from './modules/hooks/routes';
import { registerFundingRoutes } from './modules/platform-operations/routes';
import { registerBidRoutes } from './modules/bids/routes';
import { registerCallPeriodRoutes } from './modules/call-periods/routes';
import { messages } from '../shared/i18n/messages';
import { installAuthenticator } from './http/register-call';
import { installSecurityHeaders } from './http/security-headers';
import type { MailAdapter, MailEnv } from './adapters/mail/mail';
import type { TelephonyEnv } from './adapters/telephony/telephony';
import type { Realtime } from './realtime/realtime';
import { hashToken } from './modules/auth/service';
import type { InvalidationBus } from './cache/invalidation-bus';
import { cacheTtlFromEnv, composeServer } from './compose';
import type { MoneyEnv } from './modules/transactions/money-settings';
import { loginThrottleFromEnv, type LoginThrottleOptions } from './modules/auth/login-throttle';
import { API_PREFIX, isSpaRoute, registerWebEdition } from './http/web-edition';

export interface BuildServerOptions {
  database: DatabaseHandle;
  /** Folder of the built web edition; default out/web. Served only when it holds an index.html. */
  webRoot?: string;
  /** Log at LOG_LEVEL (default info) to stdout (true) or to a destination (tests); off when omitted. */
  logger?: boolean | LogDestination;
  /** Browser origins allowed besides the desktop renderer (file://) and local development. */
  corsOrigins?: readonly string[];
  /** The server's data folder: export files go to <dataDir>/exports (the OS temp folder when omitted). */
  dataDir?: string;
  /** AMI_* settings of the telephony adapter; default process.env (no AMI_HOST: log-only). */
  telephonyEnv?: TelephonyEnv;
  /** SMTP_URL / SMTP_FROM of the mail adapter; default process.env (no SMTP_URL: the outbox table). */
  mailEnv?: MailEnv;
  /** TRADING_PLATFORM / MT5_* settings of the trading platform; default process.env (unset: the ledger). */
  tradingEnv?: TradingEnv;
  /** TRANSACTION_SLA_HOURS / TRANSACTION_BACKDATE_DAYS; default process.env. */
  moneyEnv?: MoneyEnv;
  /** A mail adapter instead of the one mailEnv describes (tests). */
  mailAdapter?: MailAdapter;
  /** How often queued e-mails are sent; default every 5 minutes (see docs/requirements.md#task-customer-and-money-states). */
  mailIntervalMs?: number;
  /**
   * Answer only requests addressed to a loopback host name. Set when the server listens on loopback, so
   * a web page using DNS rebinding cannot talk to the local (embedded) server through its own name.
   */
  loopbackHostsOnly?: boolean;
  /** Redis for socket.io rooms shared by several server nodes; default REDIS_URL (none: in-process). */
  redisUrl?: string;
  /** How long sessions, permissions and option lists are kept in memory; default CACHE_TTL_MS (0: off). */
  cacheTtlMs?: number;
  /** How often due reminders are pushed; default 15 s. */
  reminderIntervalMs?: number;
  /** How long past its start an open reminder turns overdue; default 1 hour. */
  reminderGraceMs?: number;
  /** How often every socket's session is checked again (tests); default 60 s. */
  socketRecheckMs?: number;
  /** Where scheduled reports may be mailed; default REPORT_MAIL_DOMAINS (unset: the admins' domains). */
  reportMailDomains?: string;
  /** How often due periodic reports are looked for; default every minute. */
  periodicReportIntervalMs?: number;
  /** Fund completed deposits in risk's step; default AUTO_FUND_ON_COMPLETE=1 (docs/money.md). */
  autoFundOnComplete?: boolean;
  /** How often recorded platform operations are sent; default every second. */
  platformOperationsIntervalMs?: number;
  /** How often platform operations are reconciled with the platform; default every hour. */
  reconciliationIntervalMs?: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (login throttling); default
   * TRUST_PROXY: 'true' or a comma list of proxy addresses or CIDR ranges. Unset: the socket's address.
   */
  trustProxy?: boolean | string[];
  /** Login throttle tuning (tests); default DEFAULT_LOGIN_THROTTLE. */
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** Timeouts for slow and idle clients; default HTTP_LIMITS (tests narrow them). */
  httpLimits?: Partial<HttpLimits>;
  /** The call queue's bounds; default API_MAX_ACTIVE, API_QUEUE_MAX and API_QUEUE_WAIT_MS. */
  callQueue?: CallQueueLimits;
  /**
   * The desktop app's embedded server: only requests carrying this launch's secret in
   * EMBEDDED_SECRET_HEADER are answered (HTTP and socket.io), so no other local program reaches it.
   */
  requiredSecret?: string;
}

/** TRUST_PROXY as Fastify's trustProxy: nothing set means no proxy is believed. */
export function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** socket.io pushes (notifications, import progress, field updates) for any server code. */
    crmRealtime: Realtime;
    /** Cache invalidations of this node, shared with every node over Redis when REDIS_URL is set. */
    crmInvalidation: InvalidationBus;
    /** The call queue's state now (active, waiting, refused). */
    crmCallQueue: () => CallQueueState;
    /** The telephony and mail adapters in use and the PBX check at start (the start-up banner). */
    crmAdapters: AdapterStatus;
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The host name of a Host header, without the port. */
export function hostNameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

/** Forms and JSON bodies of this API are small; imports of big files do not go through these parsers. */
const BODY_LIMIT = 1024 * 1024;

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/**
 * The desktop renderer is a file:// page (its Origin is the string 'null'); the dev renderer runs on
 * localhost. Tokens travel in the Authorization header, never in cookies, so no ambient credential is
 * exposed by answering these origins.
 */
export function isAllowedOrigin(origin: string | undefined, extra: readonly string[] = []): boolean {
  if (!origin) return true;
  // Not 'null' or file://: the desktop renderer never calls the server itself (the main process does),
  // and any site's sandboxed iframe sends Origin: null.
  return LOCAL_ORIGIN.test(origin) || extra.includes(origin);
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { db } = options.database;
  // Settings first: a wrong one stops the start before anything is attached to the database handle.
  const reportMailDomains = reportMailDomainsFrom(
    options.reportMailDomains ?? process.env.REPORT_MAIL_DOMAINS,
  );
  const app = Fastify({
    ...httpServerOptions({ ...HTTP_LIMITS, ...options.httpLimits }),
    logger: serverLoggerOptions(options.logger, process.env),
    // One line per request: warn for 4xx/5xx, the rest only at LOG_LEVEL=debug.
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT,
    clientErrorHandler: answerConnectionError,
    frameworkErrors: answerFrameworkError,
    trustProxy: options.trustProxy ?? parseTrustProxy(process.env.TRUST_PROXY),
    routerOptions: {
      // The spec writes some paths with a trailing slash (/detail/save/) and some without.
      ignoreTrailingSlash: true,
      querystringParser: parseQuery,
      maxParamLength: 200,
    },
  });

  installErrorHandlers(app);
  installSecurityHeaders(app);
  const hasSecret = options.requiredSecret ? embeddedSecretCheck(options.requiredSecret) : null;
  if (hasSecret) {
    // Before anything else reads the request: a caller without the secret learns nothing.
    app.addHook('onRequest', async (request, reply) => {
      if (!hasSecret(request.headers[EMBEDDED_SECRET_HEADER])) {
        await reply.code(403).send({ success: false, msg: messages.forbidden });
      }
    });
  }
  if (options.loopbackHostsOnly) {
    app.addHook('onRequest', async (request, reply) => {
      if (!LOOPBACK_HOSTS.has(hostNameOf(request.headers.host))) {
        await reply.code(421).send({ success: false, msg: messages.forbidden });
      }
    });
  }
  registerBodyParsers(app);
  const extraOrigins = options.corsOrigins ?? [];
  installRequestGuards(app, (origin) => isAllowedOrigin(origin, extraOrigins));
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, isAllowedOrigin(origin, extraOrigins)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
    maxAge: 600,
  });
  // After CORS (a refused call still carries its headers), before anything reads a body or the
  // database: a call past the queue's bounds is answered 503 at once.
  const healthUrl = `${API_PREFIX}/health`;
  const callQueueState = installCallQueue(
    app,
    options.callQueue ?? callQueueLimitsFromEnv(options.database.connections ?? 1),
    (request) => request.url.startsWith(`${API_PREFIX}/`) && request.url !== healthUrl,
  );
  app.decorate('crmCallQueue', callQueueState);

  const services = await composeServer(app, {
    db,
    reportDb: options.database.reportDb,
    telephonyEnv: options.telephonyEnv ?? process.env,
    mailEnv: options.mailEnv ?? process.env,
    mailAdapter: options.mailAdapter,
    tradingEnv: options.tradingEnv ?? process.env,
    moneyEnv: options.moneyEnv ?? process.env,
    mailIntervalMs: options.mailIntervalMs,
    reminderIntervalMs: options.reminderIntervalMs,
    socketRecheckMs: options.socketRecheckMs,
    reportMailDomains,
    reminderGraceMs: options.reminderGraceMs,
    periodicReportIntervalMs: options.periodicReportIntervalMs,
    autoFundOnComplete: options.autoFundOnComplete ?? process.env.AUTO_FUND_ON_COMPLETE?.trim() === '1',
    platformOperationsIntervalMs: options.platformOperationsIntervalMs,
    reconciliationIntervalMs: options.reconciliationIntervalMs,
    loginThrottle: options.loginThrottle ?? loginThrottleFromEnv(process.env),
    redisUrl: options.redisUrl ?? (process.env.REDIS_URL?.trim() || undefined),
    cacheTtlMs: options.cacheTtlMs ?? cacheTtlFromEnv(process.env.CACHE_TTL_MS),
    apiPrefix: API_PREFIX,
    isAllowedOrigin: (origin) => isAllowedOrigin(origin, extraOrigins),
    isAllowedHost: options.loopbackHostsOnly ? (host) => LOOPBACK_HOSTS.has(hostNameOf(host)) : null,
    ...(hasSecret ? { isAllowedRequest: (headers) => hasSecret(headers[EMBEDDED_SECRET_HEADER]) } : {}),
    dataDir: options.dataDir,
  });
  const { auth, realtime, telephony, mailAdapter, jobs } = services;
  installAuthenticator(app, auth.authenticate);
  app.decorate('crmRealtime', realtime);
  app.decorate('crmInvalidation', services.invalidation);

  await app.register(
    async (api) => {
      api.get('/health', async () => ({ ok: true }));
      registerApiDocsRoutes(api, API_PREFIX);
      registerAuthRoutes(api, {
        db,
        auth,
        onLogout: (token) => realtime.disconnectSession(hashToken(token)),
      });
      registerOptionRoutes(api, services);
      registerAdminRoutes(api, services);
      registerRecordsRoutes(api, services);
      registerDetailLayoutRoutes(api, services);
      registerExportRoutes(api, services);
      registerBulkRoutes(api, services);
      registerFavoriteFilterRoutes(api, services);
      registerCallRoutes(api, services);
      registerTaskRoutes(api, services);
      registerFileRoutes(api, services);
      registerTimelineRoutes(api, services);
      registerTransactionRoutes(api, services);
      registerSurveyRoutes(api, services);
      registerEmailRoutes(api, services);
      registerLeadDetailRoutes(api, services);
      registerSearchRoutes(api, services);
      registerNotificationRoutes(api, services);
      registerFavoriteRoutes(api, services);
      registerPreferenceRoutes(api, services);
      registerProfileRoutes(api, services);
      registerDashboardRoutes(api, services);
      registerReportRoutes(api, services);
      registerMonthlyReportRoutes(api, { ...services, dataDir: options.dataDir });
      registerPeriodicReportRoutes(api, services);
      registerReportBuilderRoutes(api, services);
      registerPlatformRoutes(api, services);
      registerFundingRoutes(api, services);
      registerImporterRoutes(api, { ...services, dataDir: options.dataDir });
      registerPermissionRoutes(api, services);
      registerChatRoutes(api, services);
      registerHookRoutes(api, services);
      registerBidRoutes(api, services);
      registerCallPeriodRoutes(api, services);
    },
    { prefix: API_PREFIX },
  );

  const webEnabled = await registerWebEdition(app, options.webRoot ?? resolve('out/web'));
  app.setNotFoundHandler((request, reply) => {
    if (webEnabled && request.method === 'GET' && isSpaRoute(request.url)) {
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ success: false, msg: serverMessages.routeNotFound } satisfies ErrorAnswer);
  });

  // A wrong AMI secret or an unreachable PBX shows in the log and the banner now, not at the first call.
  const telephonyCheck = telephony.kind === 'log-only' ? null : await telephony.check();
  app.decorate('crmAdapters', {
    telephony: { kind: telephony.kind, target: telephony.target, check: telephonyCheck },
    mail: { kind: mailAdapter.kind, target: mailAdapter.target ?? null },
    trading: { kind: services.trading.kind, target: services.trading.target },
  } satisfies AdapterStatus);

  // Last, so a server that failed to build leaves no timer behind.
  jobs.start();
  return app;
}
