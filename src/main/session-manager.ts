import type { BridgeEventName, BridgeEvents, LoginOutcome, SessionStatus } from '../shared/bridge';
import {
  contract,
  isCallName,
  openCall,
  sendCall,
  type BinaryCallName,
  type CallName,
  type CallOutcome,
  type CallResult,
  type CallSpec,
  type ContractClientOptions,
  type CrmErrorInfo,
  type FetchLike,
  type OpenedFile,
  type RawCallInput,
} from '../shared/contract';
import { LOGIN_VALIDATION_INTERVAL_MS } from '../shared/domain/constants';
import { messages } from '../shared/i18n/messages';
import type { TokenVault } from './token-vault';

/** Where the API is right now: the saved remote address, or the embedded server once it is up. */
export interface ApiBaseSource {
  apiBase(): Promise<string | null>;
}

export type EmitBridgeEvent = <E extends BridgeEventName>(event: E, payload: BridgeEvents[E]) => void;

export interface SessionManagerOptions {
  vault: TokenVault;
  server: ApiBaseSource;
  fetch: FetchLike;
  emit: EmitBridgeEvent;
  now?: () => number;
  validationIntervalMs?: number;
  timeoutMs?: number;
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface SessionManager {
  login(input: LoginInput): Promise<LoginOutcome>;
  logout(): Promise<void>;
  status(): Promise<SessionStatus>;
  /** POST /auth/validate at most once per interval unless forced. */
  validate(force?: boolean): Promise<SessionStatus>;
  /** A contract call with the stored token added; the token never appears in what it answers. */
  call<N extends CallName>(name: N, input: RawCallInput): Promise<CallOutcome<CallResult<N>>>;
  /** The same for a call with a binary answer, its body handed over unread (an export streamed to disk). */
  open(name: BinaryCallName, input: RawCallInput): Promise<CallOutcome<OpenedFile>>;
  /** Forgets the session locally (e.g. the user switched to another server, where this token means nothing). */
  reset(): Promise<void>;
}

/**
 * Calls the renderer may make through the generic call channel. `login` answers the token itself and
 * `logout` must also clear the vault, so both go through the session methods only. A binary answer
 * without a memory limit (an export file) is never read whole: it is saved through files.saveExport.
 */
export function isBridgeCallable(name: unknown): name is CallName {
  if (!isCallName(name) || name === 'logout') return false;
  const spec: CallSpec = contract[name];
  return spec.auth && !(spec.answer === 'binary' && spec.binary.maxBytes === undefined);
}

const notCallable: CrmErrorInfo = { kind: 'invalid', status: 0, message: messages.invalidRequest };
const unreachable: CrmErrorInfo = { kind: 'network', status: 0, message: messages.crmAccessProblem };
const noSession: CrmErrorInfo = { kind: 'unauthorized', status: 401, message: messages.sessionExpired };

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { vault, server, fetch, emit } = options;
  const now = options.now ?? Date.now;
  const interval = options.validationIntervalMs ?? LOGIN_VALIDATION_INTERVAL_MS;
  const timeoutMs = options.timeoutMs;

  let userName: string | null = null;
  let userId: number | null = null;
  let validatedAt: number | null = null;
  // Bumped whenever the session changes hands. A 401 only expires the session its request was sent with,
  // so a late 401 from before a new login cannot log the new session out, and parallel 401s emit once.
  let generation = 0;
  let validating: Promise<SessionStatus> | null = null;

  const forget = async (): Promise<void> => {
    generation += 1;
    userName = null;
    userId = null;
    validatedAt = null;
    await vault.clear();
  };

  const expire = async (sentWith: number): Promise<void> => {
    if (sentWith !== generation) return;
    await forget();
    emit('sessionExpired', { reason: messages.sessionExpired });
  };

  const status = async (): Promise<SessionStatus> => ({
    authenticated: (await vault.load()) !== null,
    userName,
    userId,
    validatedAt,
  });

  const runValidation = async (): Promise<SessionStatus> => {
    const token = await vault.load();
    const baseUrl = await server.apiBase();
    if (token === null || baseUrl === null) return status();
    const sentWith = generation;
    const outcome = await sendCall(
      contract.validate,
      {},
      { baseUrl, fetch, getToken: () => token, timeoutMs },
    );
    if (outcome.ok && outcome.data.success && outcome.data.data) {
      if (sentWith === generation) {
        userName = outcome.data.data.userName;
        userId = outcome.data.data.userId;
        validatedAt = now();
      }
    } else if ((outcome.ok && !outcome.data.success) || (!outcome.ok && outcome.error.status === 401)) {
      // The spec: failed token validation sends the user to /login.
      await expire(sentWith);
    }
    // Network and server errors keep the session: the user is not logged out by a flaky connection.
    return status();
  };

  const validate = async (force = false): Promise<SessionStatus> => {
    if ((await vault.load()) === null) return status();
    if (!force && validatedAt !== null && now() - validatedAt < interval) return status();
    // Screens starting together ask at once; one request answers them all.
    validating ??= runValidation().finally(() => {
      validating = null;
    });
    return validating;
  };

  /** Sends with the stored token to where the API is now; a 401 ends the session it was sent with. */
  const withSession = async <T>(
    send: (client: ContractClientOptions) => Promise<CallOutcome<T>>,
  ): Promise<CallOutcome<T>> => {
    const baseUrl = await server.apiBase();
    if (baseUrl === null) return { ok: false, error: unreachable };
    const sentWith = generation;
    const token = await vault.load();
    if (token === null) return { ok: false, error: noSession };
    const outcome = await send({ baseUrl, fetch, getToken: () => token, timeoutMs });
    if (!outcome.ok && outcome.error.status === 401) await expire(sentWith);
    return outcome;
  };

  return {
    async login({ email, password, remember }) {
      const baseUrl = await server.apiBase();
      if (baseUrl === null) return { success: false, msg: messages.crmAccessProblem, networkError: true };
      const outcome = await sendCall(
        contract.login,
        // remember=1 makes the server keep the session 30 days instead of 12 hours, as long as the vault does.
        { body: { email, password, remember: remember ? 1 : 0 } },
        { baseUrl, fetch, getToken: () => null, timeoutMs },
      );
      if (!outcome.ok) {
        const networkError = outcome.error.kind === 'network';
        return {
          success: false,
          msg: networkError ? messages.crmAccessProblem : outcome.error.message,
          networkError,
        };
      }
      const { success, token, msg } = outcome.data;
      if (!success || !token)
        return { success: false, msg: msg || messages.loginFailed, networkError: false };
      await forget();
      await vault.save(token, remember);
      // Fills userName/userId for status(); its failure does not undo a successful login. Not through
      // validate(): a validation still in flight from before belongs to the previous session.
      await runValidation();
      return { success: true, msg, networkError: false };
    },

    async logout() {
      const token = await vault.load();
      const baseUrl = await server.apiBase();
      if (token !== null && baseUrl !== null) {
        // Revokes the token on the server; the local session ends whatever it answers.
        await sendCall(contract.logout, {}, { baseUrl, fetch, getToken: () => token, timeoutMs: 5_000 });
      }
      await forget();
    },

    status,
    validate,

    async call<N extends CallName>(name: N, input: RawCallInput): Promise<CallOutcome<CallResult<N>>> {
      if (!isBridgeCallable(name)) return { ok: false, error: notCallable };
      const outcome = await withSession((client) => sendCall(contract[name], input, client));
      return outcome as CallOutcome<CallResult<N>>;
    },

    open: (name, input) => withSession((client) => openCall(contract[name], input, client)),

    reset: forget,
  };
}
