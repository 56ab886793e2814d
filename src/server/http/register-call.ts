import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  accessAllows,
  contract,
  toRoutePattern,
  type BinaryCallName,
  type CallName,
  type CallResult,
  type CallSpec,
  type Contract,
  type MultipartCallName,
} from '../../shared/contract';
import { adminMessages } from '../../shared/i18n/admin-messages';
import { messages } from '../../shared/i18n/messages';
import { hasSignature } from '../modules/files/file-signatures';
import { DomainError } from '../domain-errors';
import { bearerToken, type Authenticator, type AuthUser } from '../kernel/session';
import { alignForm } from './form-alignment';
import { parseInput } from './validation';
import { receiveUpload, type ReceivedUpload } from './multipart-upload';

/**
 * Calls that work without a session. The contract's `auth` flag is a plain boolean at the type level, so
 * this list gives handlers their `user` type; registerCall checks it against the flag at start-up.
 */
export { bearerToken, type Authenticator } from '../kernel/session';

export const publicCallNames = ['login'] as const satisfies readonly CallName[];
export type PublicCallName = (typeof publicCallNames)[number];

declare module 'fastify' {
  interface FastifyRequest {
    /** The call a request made, once its handler answered: what onResponse hooks (pushes) read. */
    crmCall?: { name: CallName; params: unknown; body: unknown; user: AuthUser | null };
  }
  interface FastifyInstance {
    /** Set once by buildServer; registerCall uses it for every call with auth: true. */
    crmAuthenticate: Authenticator;
  }
}

/** A JSON or form call gets its parsed body; a multipart call its input as it streams in. */
type BodyContext<N extends CallName> = N extends MultipartCallName
  ? { upload: ReceivedUpload<z.output<Contract[N]['body']>> }
  : { body: z.output<Contract[N]['body']> };

export type CallContext<N extends CallName> = BodyContext<N> & {
  params: z.output<Contract[N]['params']>;
  /** null exactly for the public calls (login). */
  user: N extends PublicCallName ? null : AuthUser;
  request: FastifyRequest;
};

/** What a binary answer's handler hands over: a file on disk, sent as a stream. */
export interface FileReply {
  path: string;
  size: number;
  mime: string;
  /** For Content-Disposition; any name is safe, it is encoded. */
  fileName: string;
}

export type CallAnswer<N extends CallName> = N extends BinaryCallName ? FileReply : CallResult<N>;

export type CallHandler<N extends CallName> = (ctx: CallContext<N>) => Promise<CallAnswer<N>>;

export function installAuthenticator(app: FastifyInstance, authenticate: Authenticator): void {
  app.decorate('crmAuthenticate', authenticate);
}

/**
 * The calls an account with an admin-set password may make (see docs/admin-guide.md): the shell's first call, the
 * session checks, the password change itself and logout. Everything else waits for the new password.
 */
const PASSWORD_CHANGE_CALLS: ReadonlySet<CallName> = new Set<CallName>([
  'validate',
  'logout',
  'me',
  'userInfo',
  'permissions',
  'authSave',
]);

/** The signed-in user of a request, or a 401 answer. */
export async function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw DomainError.unauthenticated();
  const user = await app.crmAuthenticate(token);
  if (!user) throw DomainError.unauthenticated(messages.sessionExpired);
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

/** RFC 6266: a plain ASCII name as it is, else an ASCII fallback plus the UTF-8 name (Turkish letters). */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const header = `${disposition}; filename="${ascii}"`;
  return ascii === fileName ? header : `${header}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(reply: FastifyReply, spec: CallSpec, file: FileReply): FastifyReply {
  if (spec.answer !== 'binary') throw new Error('sendFile needs a call with a binary answer');
  const { types, disposition } = spec.binary;
  if (checkResults && types !== null && !types.includes(file.mime)) {
    throw new Error(`Answer of ${spec.path} has type ${file.mime}, not one of the contract's`);
  }
  return reply
    .header('Content-Type', file.mime)
    .header('Content-Length', file.size)
    .header('Content-Disposition', contentDisposition(disposition, file.fileName))
    .send(createReadStream(file.path));
}

/** Path + query params; path params win over a query parameter of the same name. */
function parseParams(spec: CallSpec, request: FastifyRequest): unknown {
  const query = alignForm(spec.params, request.query ?? {}) as object;
  const raw = { ...query, ...(request.params as object | undefined) };
  // A path that names nothing valid is simply not there.
  if (spec.notFoundOnInvalidPath && !spec.params.safeParse(raw).success) throw DomainError.notFound();
  return parseInput(spec.params, raw);
}

function isFormRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.toLowerCase().startsWith('application/x-www-form-urlencoded');
}

function parseBody(spec: CallSpec, request: FastifyRequest): unknown {
  let rawBody: unknown = spec.method === 'GET' ? undefined : request.body;
  if (rawBody !== undefined && isFormRequest(request)) rawBody = alignForm(spec.body, rawBody);
  // A missing body where one is required: parse {} so the answer names the missing fields.
  if (rawBody === undefined && !spec.body.safeParse(undefined).success) rawBody = {};
  return parseInput(spec.body, rawBody);
}

/**
 * Registers one contract call as a Fastify route: path and method from the contract, path + query params
 * and the body parsed with its zod schemas (400 in Turkish on bad input), and the session checked when the
 * call needs one (401). The handler receives parsed, typed input and returns the contract's answer.
 * A multipart call gets its files and fields as they stream in, within the limits of its file part; a
 * binary answer is a file the handler names, sent with its type, size and name.
 */
export function registerCall<N extends CallName>(
  app: FastifyInstance,
  name: N,
  handler: CallHandler<N>,
): void {
  const spec: CallSpec = contract[name];
  if (spec.auth === isPublicCall(name) || spec.auth === (spec.access.kind === 'public')) {
    throw new Error(`Contract call '${name}': auth flag, access and publicCallNames disagree`);
  }
  if (spec.encoding === 'multipart' && !spec.files.types.every(hasSignature)) {
    throw new Error(`Contract call '${name}': a file type the server cannot recognise by its content`);
  }
  const route: RouteOptions = {
    method: spec.method,
    url: toRoutePattern(spec.path),
    handler: async (request, reply) => {
      const user = spec.auth ? await requireUser(app, request) : null;
      if (user?.must_change_password === true && !PASSWORD_CHANGE_CALLS.has(name)) {
        throw DomainError.forbidden(adminMessages.passwordChangeRequired);
      }
      // The contract's declared departments, before any input is read: no route can forget them.
      if (user && spec.access.kind === 'departments' && !accessAllows(spec.access, user.department)) {
        throw DomainError.forbidden(spec.access.refusal);
      }
      if (spec.encoding === 'multipart' && !request.isMultipart()) {
        throw DomainError.invalid(messages.fileNotMultipart);
      }
      const params = parseParams(spec, request);
      const input =
        spec.encoding === 'multipart'
          ? { upload: receiveUpload(request, spec.files, spec.body) }
          : { body: parseBody(spec, request) };
      // The input was parsed with this very call's schemas, which is what CallContext<N> says.
      const context = { ...input, params, user, request } as unknown as CallContext<N>;
      const answer: unknown = await handler(context);
      request.crmCall = { name, params, body: 'body' in input ? input.body : undefined, user };
      if (spec.answer === 'binary') return sendFile(reply, spec, answer as FileReply);
      if (checkResults) {
        const checked = spec.result.safeParse(answer);
        if (!checked.success) {
          throw new Error(
            `Answer of '${name}' does not match the contract: ${JSON.stringify(checked.error.issues)}`,
          );
        }
      }
      return answer;
    },
  };
  if (spec.encoding !== 'multipart') {
    app.route(route);
    return;
  }
  // Multipart is parsed only inside the call's own scope: no other route accepts it.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    scope.route(route);
  });
}
