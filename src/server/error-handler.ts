import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorAnswer } from '../shared/contract';
import { messages } from '../shared/i18n/messages';
import { isHttpError, serverMessages } from './http-error';
import { describeZodError, isZodError } from './validation';

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
  if (isHttpError(error)) return send(error.status, error.message);
  if (isZodError(error)) return send(400, describeZodError(error));
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return send(status, clientErrorMessage(status));
  request.log.error({ err: error }, 'unhandled error');
  return send(500, messages.serverError);
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => answerError(error, request, reply));
}
