import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { DEPARTMENTS, type Department } from '../../../shared/domain/constants';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { loadPermissionRow } from '../../engine/permission-resolver';
import { serverMessages } from '../../domain-errors';
import type { InvalidationBus } from '../../cache/invalidation-bus';
import { createSessionCache, type LoadedSession } from '../../cache/session-cache';
import { LoginThrottle, type LoginThrottleOptions } from './login-throttle';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import type { AuthUser } from '../../kernel/session';

export type { AuthUser } from '../../kernel/session';

export interface LoginInput {
  email: string;
  password: string;
  remember?: boolean;
  /** The client's address as the HTTP layer sees it (the throttle counts per e-mail and address). */
  address?: string;
}

/** The login answer of the spec: failures are HTTP 200 with success false, the client shows msg. */
export interface LoginResult {
  success: boolean;
  token?: string;
  msg: string;
}

export interface AuthService {
  login(input: LoginInput): Promise<LoginResult>;
  /** The user behind a bearer token, or null when it is unknown, revoked, expired or the user is inactive. */
  authenticate(token: string): Promise<AuthUser | null>;
  /** The same by the token's hash, which is all a socket keeps of it. */
  sessionUser(tokenHash: string): Promise<AuthUser | null>;
  logout(token: string): Promise<void>;
}

export interface AuthServiceOptions {
  sessionHours?: number;
  rememberDays?: number;
  throttle?: Partial<LoginThrottleOptions>;
  /**
   * Sessions served from memory for up to ttlMs, dropped on every node through the bus when they end or
   * their account changes. Omitted (or ttlMs 0): every call reads the database.
   */
  sessionCache?: { bus: InvalidationBus; ttlMs: number };
}

const DEFAULTS = {
  sessionHours: 12,
  rememberDays: 30,
} as const;

/** 32 random bytes in base64url are always 43 characters; anything else is refused without a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only this hash is stored, so a leaked sessions table gives no usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The throttle's wait in the unit a person reads best: seconds under a minute, else whole minutes. */
function waitMessage(waitMs: number): string {
  if (waitMs < 60_000) {
    return format(serverMessages.tooManyLoginAttemptsSeconds, {
      seconds: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }
  return format(serverMessages.tooManyLoginAttempts, { minutes: Math.ceil(waitMs / 60_000) });
}

function asDepartment(value: string): Department {
  // The column has a CHECK constraint; the fallback is the least privileged department.
  return (DEPARTMENTS as readonly string[]).includes(value) ? (value as Department) : 'sales';
}

export function createAuthService(db: Kysely<Database>, options: AuthServiceOptions = {}): AuthService {
  const settings = { ...DEFAULTS, ...options };
  const throttle = new LoginThrottle(options.throttle);
  // Unknown e-mails still pay for one argon2 verification, so response time does not reveal who exists.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
  const failed: LoginResult = { success: false, msg: messages.invalidCredentials };

  async function login(input: LoginInput): Promise<LoginResult> {
    const email = input.email.trim();
    // The e-mail as the database folds it, and its account if any: lower() on both sides, in SQL, so it
    // matches the users_email_key index exactly.
    const { rows } = await sql<{
      folded: string;
      id: number | null;
      password_hash: string | null;
      active: number | null;
    }>`select q.folded, u.id, u.password_hash, u.active
      from (select lower(${email}) as folded) as q
      left join users as u on lower(u.email) = q.folded
      limit 1`.execute(db);
    const found = rows[0];
    const user =
      found && found.id !== null && found.password_hash !== null
        ? { id: found.id, password_hash: found.password_hash, active: found.active }
        : undefined;
    // Failures are counted per e-mail as the database folds it, the same fold that picks the account:
    // PostgreSQL's lower() folds more than JavaScript's (İ to i under a UTF-8 locale), so a count per
    // spelling JavaScript tells apart could be sidestepped by spelling the same account differently.
    const attempt = { email: found?.folded ?? email.toLowerCase(), address: input.address ?? 'unknown' };
    const waitMs = throttle.retryAfter(attempt);
    if (waitMs > 0) return { success: false, msg: waitMessage(waitMs) };
    // Counted before the slow verification and forgiven on success, so attempts sent in parallel cannot
    // all pass the check above before any of them has failed.
    throttle.fail(attempt);
    const passwordOk = await verifyPassword(user?.password_hash ?? (await getDummyHash()), input.password);
    if (!user || !passwordOk || user.active !== 1) return failed;
    throttle.succeed(attempt);
    if (needsRehash(user.password_hash)) {
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(input.password) })
        .where('id', '=', user.id)
        .execute();
    }
    const token = newToken();
    const remember = input.remember === true;
    const lifetime = remember
      ? sql<string>`make_interval(days => ${settings.rememberDays})`
      : sql<string>`make_interval(hours => ${settings.sessionHours})`;
    await db
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        remember: remember ? 1 : 0,
        // Computed by the database so expiry checks compare clocks of one machine.
        expires_at: sql<string>`date_trunc('second', localtimestamp) + ${lifetime}`,
      })
      .execute();
    // Housekeeping: this user's sessions that ended long ago are of no use any more.
    await db
      .deleteFrom('sessions')
      .where('user_id', '=', user.id)
      .where('expires_at', '<', sql<string>`localtimestamp - interval '7 days'`)
      .execute();
    return { success: true, token, msg: messages.loginSuccess };
  }

  async function loadSession(tokenHash: string): Promise<LoadedSession | null> {
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('teams as t', 't.id', 'u.team_id')
      .leftJoin('user_groups as g', 'g.id', 'u.user_group_id')
      .select([
        'u.id',
        'u.name',
        'u.email',
        'u.department',
        'u.user_group_id',
        'g.name as user_group',
        'u.team_id',
        't.name as team',
        'u.dahili',
        'u.telegram_id',
        'u.theme',
        'u.default_call_line',
        'u.must_change_password',
        // The database's clock decides expiry (as it wrote expires_at); the cache only counts it down.
        sql<number>`extract(epoch from (s.expires_at - localtimestamp))::float8 * 1000`.as('remaining_ms'),
      ])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<string>`localtimestamp`)
      .where('u.active', '=', 1)
      .executeTakeFirst();
    if (!row) return null;
    const { remaining_ms: remainingMs, ...user } = row;
    return {
      // Frozen: one cached object is handed to every request of the session.
      user: Object.freeze({
        ...user,
        department: asDepartment(user.department),
        must_change_password: user.must_change_password === 1,
      }),
      remainingMs: Number(remainingMs),
    };
  }

  const sessionCache =
    options.sessionCache && options.sessionCache.ttlMs > 0 ? createSessionCache(options.sessionCache) : null;

  async function sessionUser(tokenHash: string): Promise<AuthUser | null> {
    if (sessionCache) return sessionCache.get(tokenHash, () => loadSession(tokenHash));
    return (await loadSession(tokenHash))?.user ?? null;
  }

  async function authenticate(token: string): Promise<AuthUser | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    return sessionUser(hashToken(token));
  }

  async function logout(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    await db
      .updateTable('sessions')
      .set({ revoked_at: sql<string>`date_trunc('second', localtimestamp)` })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute();
    await options.sessionCache?.bus.publish({ kind: 'session', tokenHash: hashToken(token) });
  }

  return { login, authenticate, sessionUser, logout };
}

/** The user's modules (lead detail tabs): the `leads` permission row of their group, as docs/requirements.md#departments-and-permissions keeps them. */
export async function loadModules(db: Kysely<Database>, userGroupId: number): Promise<string[]> {
  const row = await loadPermissionRow(db, userGroupId, 'leads');
  return row ? [...row.modules] : [];
}
