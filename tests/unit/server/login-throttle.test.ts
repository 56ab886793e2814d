import { describe, expect, it } from 'vitest';
import { LoginThrottle, loginThrottleFromEnv } from '../../../src/server/modules/auth/login-throttle';

function clock(): { now: () => number; advance: (ms: number) => void } {
  let at = 1_000_000;
  return { now: () => at, advance: (ms) => (at += ms) };
}

const options = {
  freeFailuresPerClient: 3,
  freeFailuresPerAddress: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  windowMs: 600_000,
};
const guesser = { email: 'a@demo.crm', address: '10.0.0.1' };

describe('LoginThrottle', () => {
  it('lets the free failures through, then doubles the wait up to the cap', () => {
    const time = clock();
    const throttle = new LoginThrottle({ ...options, now: time.now });
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.retryAfter(guesser)).toBe(0);
      throttle.fail(guesser);
    }
    expect(throttle.retryAfter(guesser)).toBe(0);
    throttle.fail(guesser);
    expect(throttle.retryAfter(guesser)).toBe(1_000);
    throttle.fail(guesser);
    expect(throttle.retryAfter(guesser)).toBe(2_000);
    for (let i = 0; i < 20; i += 1) throttle.fail(guesser);
    expect(throttle.retryAfter(guesser)).toBe(60_000);
    time.advance(60_000);
    expect(throttle.retryAfter(guesser)).toBe(0);
  });

  it('never holds back the same e-mail from a client that has not failed', () => {
    const throttle = new LoginThrottle({ ...options, now: clock().now });
    for (let i = 0; i < 9; i += 1) throttle.fail(guesser);
    expect(throttle.retryAfter(guesser)).toBeGreaterThan(0);
    expect(throttle.retryAfter({ ...guesser, address: '10.0.0.2' })).toBe(0);
  });

  it('holds back an address that sprays many e-mails', () => {
    const throttle = new LoginThrottle({ ...options, now: clock().now });
    for (let i = 0; i < 11; i += 1) throttle.fail({ email: `u${i}@demo.crm`, address: '10.0.0.3' });
    expect(throttle.retryAfter({ email: 'new@demo.crm', address: '10.0.0.3' })).toBe(1_000);
  });

  it('forgets failures after the window, and a success forgives its own client only', () => {
    const time = clock();
    const throttle = new LoginThrottle({ ...options, now: time.now });
    for (let i = 0; i < 5; i += 1) throttle.fail(guesser);
    throttle.succeed(guesser);
    expect(throttle.retryAfter(guesser)).toBe(0);
    for (let i = 0; i < 5; i += 1) throttle.fail(guesser);
    time.advance(600_001);
    expect(throttle.retryAfter(guesser)).toBe(0);
  });
});

describe('loginThrottleFromEnv', () => {
  it('reads LOGIN_FAILURES_PER_ADDRESS and ignores what is not a positive whole number', () => {
    expect(loginThrottleFromEnv({ LOGIN_FAILURES_PER_ADDRESS: ' 500 ' })).toEqual({
      freeFailuresPerAddress: 500,
    });
    for (const bad of [undefined, '', '0', '-3', '2.5', 'çok']) {
      expect(loginThrottleFromEnv({ LOGIN_FAILURES_PER_ADDRESS: bad })).toEqual({});
    }
  });
});
