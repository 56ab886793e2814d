import { resolve } from 'node:path';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ErrorAnswer } from '../shared/contract';
import { createMailAdapterFromEnv, type MailAdapter, type MailEnv } from './adapters/mail/mail';
import { createTelephonyFromEnv, type TelephonyEnv } from './adapters/telephony/telephony';
import { registerBodyParsers, parseQuery } from './body-parsers';
import type { DatabaseHandle } from './db/database';
import { installErrorHandlers } from './error-handler';
import { serverMessages } from './http-error';
import { registerAuthRoutes } from './routes/auth-routes';
import { registerExportRoutes } from './routes/export-routes';
import { registerBulkRoutes } from './routes/bulk-routes';
import { registerCallRoutes } from './routes/call-routes';
import { registerEmailRoutes } from './routes/email-routes';
import { registerFileRoutes } from './routes/file-routes';
import { registerFavoriteFilterRoutes } from './routes/favorite-filter-routes';
import { registerLeadDetailRoutes } from './routes/lead-detail-routes';
import { registerOptionRoutes } from './routes/option-routes';
import { registerRecordsRoutes } from './routes/records-routes';
import { registerSurveyRoutes } from './routes/survey-routes';
import { registerTaskRoutes } from './routes/task-routes';
import { registerShellRoutes } from './routes/shell-routes';
import { installRecordEvents } from './realtime/record-events';
import type { Realtime } from './realtime/realtime';
import { attachSocketServer } from './realtime/socket-server';
import { createReminderScheduler } from './services/reminder-scheduler';
import { getTableRegistry } from './engine/registry';
import { messages } from '../shared/i18n/messages';
import { installAuthenticator } from './routes/register-call';
import { installSecurityHeaders } from './security-headers';
import { createAuthService, hashToken } from './services/auth-service';
import { createCallLog } from './services/call-log';
import { createMailScheduler } from './services/mail-scheduler';
import { createOptionsService } from './services/options-service';
import { API_PREFIX, isSpaRoute, registerWebEdition } from './web-edition';

export interface BuildServerOptions {
  database: DatabaseHandle;
  /** Folder of the built web edition; default out/web. Served only when it holds an index.html. */
  webRoot?: string;
  logger?: boolean;
  /** Browser origins allowed besides the desktop renderer (file://) and local development. */
  corsOrigins?: readonly string[];
  /** The server's data folder: export files go to <dataDir>/exports (the OS temp folder when omitted). */
  dataDir?: string;
  /** AMI_* settings of the telephony adapter; default process.env (no AMI_HOST: log-only). */
  telephonyEnv?: TelephonyEnv;
  /** SMTP_URL / SMTP_FROM of the mail adapter; default process.env (no SMTP_URL: the outbox table). */
  mailEnv?: MailEnv;
  /** A mail adapter instead of the one mailEnv describes (tests). */
  mailAdapter?: MailAdapter;
  /** How often queued e-mails are sent; default every 5 minutes (spec 2 §4). */
  mailIntervalMs?: number;
  /**
   * Answer only requests addressed to a loopback host name. Set when the server listens on loopback, so
   * a web page using DNS rebinding cannot talk to the local (embedded) server through its own name.
   */
  loopbackHostsOnly?: boolean;
  /** Redis for socket.io rooms shared by several server nodes; default REDIS_URL (none: in-process). */
  redisUrl?: string;
  /** How often due reminders are pushed; default 15 s. */
  reminderIntervalMs?: number;
  /** How long past its start an open reminder turns overdue; default 1 hour. */
  reminderGraceMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** socket.io pushes (notifications, import progress, field updates) for any server code. */
    crmRealtime: Realtime;
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
  const app = Fastify({
    logger: options.logger
      ? { level: process.env.LOG_LEVEL ?? 'info', redact: ['req.headers.authorization'] }
      : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: {
      // The spec writes some paths with a trailing slash (/detail/save/) and some without.
      ignoreTrailingSlash: true,
      querystringParser: parseQuery,
      maxParamLength: 200,
    },
  });

  installErrorHandlers(app);
  installSecurityHeaders(app);
  if (options.loopbackHostsOnly) {
    app.addHook('onRequest', async (request, reply) => {
      if (!LOOPBACK_HOSTS.has(hostNameOf(request.headers.host))) {
        await reply.code(421).send({ success: false, msg: messages.forbidden });
      }
    });
  }
  registerBodyParsers(app);
  const extraOrigins = options.corsOrigins ?? [];
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, isAllowedOrigin(origin, extraOrigins)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
    maxAge: 600,
  });

  const auth = createAuthService(db);
  installAuthenticator(app, auth.authenticate);
  const optionsService = createOptionsService(db);
  // One adapter (one AMI connection) per server; a broken AMI setup fails the start, not the first call.
  const callLog = createCallLog(db);
  const telephony = createTelephonyFromEnv(options.telephonyEnv ?? process.env, {
    onOutcome: (outcome) => callLog.recordOutcome(outcome),
    onError: (error) => app.log.error({ err: error }, 'call outcome not recorded'),
  });
  app.addHook('onClose', () => telephony.close());
  const mailAdapter = options.mailAdapter ?? createMailAdapterFromEnv(options.mailEnv ?? process.env, db);
  const mailScheduler = createMailScheduler({
    db,
    adapter: mailAdapter,
    intervalMs: options.mailIntervalMs,
    onError: (error) => app.log.error({ err: error }, 'mail batch failed'),
  });
  // Stopped before the adapter closes, so a batch in progress finishes with a working transport.
  app.addHook('onClose', async () => {
    await mailScheduler.stop();
    await mailAdapter.close();
  });

  // socket.io on the same HTTP server and port, authenticated with the same tokens and origin rules.
  const { realtime } = await attachSocketServer(app, {
    authenticate: auth.authenticate,
    isAllowedOrigin: (origin) => isAllowedOrigin(origin, extraOrigins),
    isAllowedHost: options.loopbackHostsOnly ? (host) => LOOPBACK_HOSTS.has(hostNameOf(host)) : null,
    redisUrl: options.redisUrl ?? (process.env.REDIS_URL?.trim() || undefined),
    onError: (error, context) => app.log.error({ err: error }, `realtime: ${context}`),
  });
  app.decorate('crmRealtime', realtime);
  const reminderScheduler = createReminderScheduler({
    db,
    realtime,
    intervalMs: options.reminderIntervalMs,
    graceMs: options.reminderGraceMs,
    onError: (error) => app.log.error({ err: error }, 'reminder run failed'),
  });
  app.addHook('onClose', () => reminderScheduler.stop());
  installRecordEvents(app, {
    db,
    registry: getTableRegistry(db),
    realtime,
    authenticate: auth.authenticate,
    prefix: API_PREFIX,
    onError: (error) => app.log.error({ err: error }, 'record event not handled'),
  });

  await app.register(
    async (api) => {
      api.get('/health', async () => ({ ok: true }));
      registerAuthRoutes(api, {
        db,
        auth,
        onLogout: (token) => realtime.disconnectSession(hashToken(token)),
      });
      registerOptionRoutes(api, { options: optionsService });
      await registerRecordsRoutes(api, { db });
      registerExportRoutes(api, { db, dataDir: options.dataDir });
      registerBulkRoutes(api, { db });
      registerFavoriteFilterRoutes(api, { db });
      registerCallRoutes(api, { db, telephony, callLog });
      registerTaskRoutes(api, { db });
      await registerFileRoutes(api, { db, dataDir: options.dataDir });
      registerSurveyRoutes(api, { db });
      registerEmailRoutes(api, { db });
      registerLeadDetailRoutes(api, { db });
      registerShellRoutes(api, { db, realtime });
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

  // Last, so a server that failed to build leaves no timer behind.
  mailScheduler.start();
  reminderScheduler.start();
  return app;
}
