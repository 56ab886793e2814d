import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  contract,
  toRoutePattern,
  type CallName,
  type CallResult,
  type Contract,
} from '../../shared/contract';
import { messages } from '../../shared/i18n/messages';
import { HttpError } from '../http-error';
import type { AuthUser } from '../services/auth-service';
import { parseInput } from '../validation';

/**
 * Calls that work without a session. The contract's `auth` flag is a plain boolean at the type level, so
 * this list gives handlers their `user` type; registerCall checks it against the flag at start-up.
 */
export const publicCallNames = ['login'] as const satisfies readonly CallName[];
export type PublicCallName = (typeof publicCallNames)[number];

export type Authenticator = (token: string) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once by buildServer; registerCall uses it for every call with auth: true. */
    crmAuthenticate: Authenticator;
  }
}

export interface CallContext<N extends CallName> {
  params: z.output<Contract[N]['params']>;
  body: z.output<Contract[N]['body']>;
  /** null exactly for the public calls (login). */
  user: N extends PublicCallName ? null : AuthUser;
  request: FastifyRequest;
}

export type CallHandler<N extends CallName> = (ctx: CallContext<N>) => Promise<CallResult<N>>;

export function installAuthenticator(app: FastifyInstance, authenticate: Authenticator): void {
  app.decorate('crmAuthenticate', authenticate);
}

const BEARER = /^Bearer\s+(\S{1,512})\s*$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/** The signed-in user of a request, or a 401 answer. */
export async function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw HttpError.unauthorized();
  const user = await app.crmAuthenticate(token);
  if (!user) throw HttpError.unauthorized(messages.sessionExpired);
  return user;
}

function isPublicCall(name: CallName): name is PublicCallName {
  return (publicCallNames as readonly CallName[]).includes(name);
}

/**
 * Answers are checked against the contract under tests only: the clients validate them too, so a drift
 * would surface there as a 'protocol' error; in tests we want it named where it happens.
 */
const checkResults = process.env.NODE_ENV === 'test' || process.env.VITEST === 'true';

/**
 * Registers one contract call as a Fastify route: path and method from the contract, path + query params
 * and the body parsed with its zod schemas (400 in Turkish on bad input), and the session checked when the
 * call needs one (401). The handler receives parsed, typed input and returns the contract's answer.
 */
export function registerCall<N extends CallName>(
  app: FastifyInstance,
  name: N,
  handler: CallHandler<N>,
): void {
  const spec: Contract[N] = contract[name];
  if (spec.auth === isPublicCall(name)) {
    throw new Error(`Contract call '${name}': auth flag and publicCallNames disagree`);
  }
  app.route({
    method: spec.method,
    url: toRoutePattern(spec.path),
    handler: async (request) => {
      const user = spec.auth ? await requireUser(app, request) : null;
      // Path params win over a query parameter of the same name.
      const rawParams = {
        ...(request.query as object | undefined),
        ...(request.params as object | undefined),
      };
      const params = parseInput(spec.params, rawParams) as CallContext<N>['params'];
      let rawBody: unknown = spec.method === 'GET' ? undefined : request.body;
      // A missing body where one is required: parse {} so the answer names the missing fields.
      if (rawBody === undefined && !spec.body.safeParse(undefined).success) rawBody = {};
      const body = parseInput(spec.body, rawBody) as CallContext<N>['body'];
      const result = await handler({ params, body, user: user as CallContext<N>['user'], request });
      if (checkResults) {
        const checked = spec.result.safeParse(result);
        if (!checked.success) {
          throw new Error(
            `Answer of '${name}' does not match the contract: ${JSON.stringify(checked.error.issues)}`,
          );
        }
      }
      return result;
    },
  });
}
