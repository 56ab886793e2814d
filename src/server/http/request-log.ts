import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { logFormatFrom, readableLogStream, type LogDestination } from './readable-log';

export type { LogDestination } from './readable-log';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** LOG_LEVEL, default info; an unknown level fails the start with a clear line, not pino's own. */
export function logLevelFrom(env: NodeJS.ProcessEnv): string {
  const level = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new Error(`LOG_LEVEL geçersiz: ${env.LOG_LEVEL} (${LOG_LEVELS.join(', ')})`);
  }
  return level;
}

/** The standard output as the logger sees it: a terminal or not (a file, a pipe, a service manager). */
export interface LogOutput extends LogDestination {
  isTTY?: boolean;
}

/**
 * Fastify's logger: off, stdout, or a destination, at LOG_LEVEL (with RequestLogController). On stdout
 * it writes JSON, or one readable line per event when LOG_FORMAT is pretty (the default on a terminal).
 */
export function serverLoggerOptions(
  logger: boolean | LogDestination | undefined,
  env: NodeJS.ProcessEnv,
  stdout: LogOutput = process.stdout,
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = { level: logLevelFrom(env), redact: ['req.headers.authorization'] };
  if (logger !== true) return { ...options, stream: logger };
  const terminal = stdout.isTTY === true;
  // JSON goes through pino's own stdout writer (sonic-boom), its fastest path.
  if (logFormatFrom(env, terminal) === 'json') return options;
  // NO_COLOR (no-color.org) turns the level colours off; a pretty log sent into a file has none either.
  const color = terminal && !env.NO_COLOR;
  return { ...options, stream: readableLogStream(stdout, color) };
}

/**
 * Fastify's own request lines are two info lines per request, which drown start-up and job lines. Here a
 * request writes one line when it ends: warn for 4xx and 5xx (the path only: queries can hold names and
 * phone numbers), debug for the rest with the full URL, so `LOG_LEVEL=debug` shows every request.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const statusCode = reply.statusCode;
    const responseTime = Math.round(reply.elapsedTime);
    if (error || statusCode >= 400) {
      const path = request.url.split('?')[0];
      const line = {
        method: request.method,
        path,
        statusCode,
        responseTime,
        ...(error ? { err: error } : {}),
      };
      reply.log.warn(line, 'request failed');
    } else {
      reply.log.debug(
        { method: request.method, url: request.url, statusCode, responseTime },
        'request completed',
      );
    }
  }

  /** The request's own warn line already says 404. */
  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, path: request.url.split('?')[0] }, 'route not found');
  }
}
