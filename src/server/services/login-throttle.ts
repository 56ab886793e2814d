export interface LoginThrottleOptions {
  maxFailures: number;
  windowMs: number;
  now?: () => number;
}

/**
 * Counts failed logins per e-mail in memory. Per process on purpose: it only has to make password
 * guessing slow, and a restart forgetting the counts is harmless.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly now: () => number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.options.maxFailures) return 0;
    const oldest = recent[recent.length - this.options.maxFailures] ?? this.now();
    return Math.max(0, oldest + this.options.windowMs - this.now());
  }

  fail(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    // Only the newest maxFailures matter for the decision, so older ones are dropped.
    this.failures.set(key, recent.slice(-this.options.maxFailures));
    if (this.failures.size > 10_000) this.prune();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.options.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  /** Keeps memory bounded when many different e-mails are tried. */
  private prune(): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}
