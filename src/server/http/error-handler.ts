import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorAnswer } from '../../shared/contract';
import { messages } from '../../shared/i18n/messages';
import { isDomainError, serverMessages } from '../domain-errors';
import { httpStatus } from './error-status';
import { describeZodError, isZodError } from './validation';
import { databaseMessages } from '../../shared/i18n/server-texts';

export { databaseMessages };

/** Fastify's own 4xx (bad JSON, body too large, …) get a Turkish text chosen by status, never theirs. */
function clientErrorMessage(status: number): string {
  if (status === 401) return serverMessages.notLoggedIn;
  if (status === 403) return messages.forbidden;
  if (status === 404) return serverMessages.routeNotFound;
  if (status === 413) return serverMessages.payloadTooLarge;
  if (status === 415) return serverMessages.unsupportedMediaType;
  if (status === 429) return serverMessages.tooManyRequests;
  return messages.invalidRequest;
}

/**
 * SQLSTATEs that mean "the value was wrong", not "the server is broken": integrity constraints (class 23:
 * unique, foreign key, check, not null, exclusion) and the data exceptions a value can cause (too long,
 * out of range, not a number or date, a character the encoding cannot hold).
 */
const VALUE_ERRORS: ReadonlySet<string> = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
]);

function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  // Node's own codes (EPIPE, ECONNRESET) never start with a digit.
  return typeof code === 'string' && /^[0-9][0-9A-Z]{4}$/.test(code) ? code : undefined;
}

/** A refused value as a 4xx the user can act on; the driver's text (SQL, constraint names) stays in the log. */
function databaseValueError(error: unknown): { status: number; msg: string } | undefined {
  const code = sqlState(error);
  if (code === undefined) return undefined;
  if (code === '23505') return { status: 409, msg: databaseMessages.duplicateValue };
  if (code.startsWith('23') || VALUE_ERRORS.has(code)) return { status: 400, msg: messages.operationFailed };
  return undefined;
}

/** query_canceled: the statement timeout (PG_STATEMENT_TIMEOUT_MS) or an operator's pg_cancel_backend. */
const QUERY_CANCELED = '57014';

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const { statusCode } = error as { statusCode: unknown };
  return typeof statusCode === 'number' ? statusCode : undefined;
}

/**
 * Every failure answers { success: false, msg } in Turkish. Stack traces, SQL text and driver messages
 * never leave the server: unknown errors are logged and answered with the generic server error.
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const send = (status: number, msg: string): FastifyReply =>
    reply.status(status).send({ success: false, msg } satisfies ErrorAnswer);
  if (isDomainError(error)) {
    if (error.technical !== undefined) request.log.warn({ technical: error.technical }, error.message);
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error.details !== undefined) {
      return reply
        .status(httpStatus(error.kind))
        .send({ ...error.details, success: false, msg: error.message } satisfies ErrorAnswer);
    }
    return send(httpStatus(error.kind), error.message);
  }
  if (isZodError(error)) return send(400, describeZodError(error));
  const refused = databaseValueError(error);
  if (refused) {
    request.log.warn({ err: error }, 'value refused by the database');
    return send(refused.status, refused.msg);
  }
  if (sqlState(error) === QUERY_CANCELED) {
    // 503: the request was fine, the server could not finish it in time; the driver's text stays here.
    request.log.warn({ err: error }, 'statement cancelled (statement timeout)');
    return send(503, databaseMessages.statementTimeout);
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return send(status, clientErrorMessage(status));
  request.log.error({ err: error }, 'unhandled error');
  return send(500, messages.serverError);
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => answerError(error, request, reply));
}
