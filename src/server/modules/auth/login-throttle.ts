export interface LoginThrottleOptions {
  /** Failures of one e-mail from one client address that are free; each one after doubles the wait. */
  freeFailuresPerClient: number;
  /** Failures from one client address, over all e-mails, that are free (password spraying). */
  freeFailuresPerAddress: number;
  /** The first wait once the free failures are used up. */
  baseDelayMs: number;
  /** No wait grows beyond this. */
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
  now?: () => number;
}

export const DEFAULT_LOGIN_THROTTLE: Omit<LoginThrottleOptions, 'now'> = {
  freeFailuresPerClient: 5,
  freeFailuresPerAddress: 30,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};

/**
 * LOGIN_FAILURES_PER_ADDRESS: the free failures per client address. A site whose desks reach the server
 * through one NAT address (or a test run from one machine) raises it; unset or invalid keeps the default.
 */
export function loginThrottleFromEnv(env: NodeJS.ProcessEnv): Partial<LoginThrottleOptions> {
  const raw = env.LOGIN_FAILURES_PER_ADDRESS?.trim();
  if (!raw || !/^\d+$/.test(raw) || Number(raw) < 1) return {};
  return { freeFailuresPerAddress: Number(raw) };
}

/** Who is trying: the account (as the database folds its e-mail) and the client address. */
export interface LoginAttempt {
  email: string;
  address: string;
}

interface Failures {
  count: number;
  last: number;
}

/**
 * Slows password guessing without handing anyone a way to lock others out (OWASP Authentication Cheat
 * Sheet: throttle rather than lock, by account and source together). Failures are counted per e-mail and
 * client address, with a wait that doubles after the free ones, and per address over all e-mails against
 * spraying. A client that has not failed is never held back by other clients' failures, so the right
 * password still logs in from it however often someone else guessed wrong.
 *
 * In memory and per process on purpose: it only has to make guessing slow, and a restart forgetting the
 * counts is harmless (argon2 keeps every guess expensive anyway).
 */
export class LoginThrottle {
  private readonly perClient = new Map<string, Failures>();
  private readonly perAddress = new Map<string, Failures>();
  private readonly options: LoginThrottleOptions;
  private readonly now: () => number;

  constructor(options: Partial<LoginThrottleOptions> = {}) {
    this.options = { ...DEFAULT_LOGIN_THROTTLE, ...options };
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until this client may try this e-mail again, or 0 when it may now. */
  retryAfter(attempt: LoginAttempt): number {
    return Math.max(
      this.wait(this.perClient.get(clientKey(attempt)), this.options.freeFailuresPerClient),
      this.wait(this.perAddress.get(attempt.address), this.options.freeFailuresPerAddress),
    );
  }

  /** Counts a failure (callers count before the slow password check, so parallel guesses see it). */
  fail(attempt: LoginAttempt): void {
    this.bump(this.perClient, clientKey(attempt));
    this.bump(this.perAddress, attempt.address);
    if (this.perClient.size + this.perAddress.size > 20_000) this.prune();
  }

  /**
   * A success forgives this client's failures on this e-mail only: the address count stays, or an
   * attacker could log into an account of their own between guesses to reset it.
   */
  succeed(attempt: LoginAttempt): void {
    this.perClient.delete(clientKey(attempt));
    const address = this.perAddress.get(attempt.address);
    // The failure counted before this (right) password was checked was not a failure after all.
    if (address && address.count > 0) address.count -= 1;
  }

  private wait(failures: Failures | undefined, free: number): number {
    if (!failures || this.expired(failures) || failures.count <= free) return 0;
    const doublings = Math.min(failures.count - free - 1, 30);
    const delay = Math.min(this.options.baseDelayMs * 2 ** doublings, this.options.maxDelayMs);
    return Math.max(0, failures.last + delay - this.now());
  }

  private bump(map: Map<string, Failures>, key: string): void {
    const known = map.get(key);
    const count = known && !this.expired(known) ? known.count + 1 : 1;
    map.set(key, { count, last: this.now() });
  }

  private expired(failures: Failures): boolean {
    return this.now() - failures.last > this.options.windowMs;
  }

  /** Keeps memory bounded when many different e-mails or addresses are tried. */
  private prune(): void {
    for (const map of [this.perClient, this.perAddress]) {
      for (const [key, failures] of map) if (this.expired(failures)) map.delete(key);
    }
  }
}

function clientKey(attempt: LoginAttempt): string {
  // A NUL cannot occur in an e-mail the login accepts, so the two parts never run into each other.
  return `${attempt.email}\u0000${attempt.address}`;
}
