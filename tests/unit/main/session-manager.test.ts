import { describe, expect, it } from 'vitest';
import type { BridgeEventName } from '../../../src/shared/bridge';
import { LOGIN_VALIDATION_INTERVAL_MS } from '../../../src/shared/domain/constants';
import { messages } from '../../../src/shared/i18n/messages';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { createSessionManager } from '../../../src/main/session-manager';
import { createTokenVault } from '../../../src/main/token-vault';
import { createFakeFetch, createLogSpy, type FakeAnswer, type SeenRequest } from './fakes';

const API = 'https://crm.test/api';
const TOKEN = 'tok-7d1e55';
const validUser = { userName: 'Ayşe Yılmaz', userId: 7, telegram_id: null, theme: null, dahili: '101' };

/** A tiny CRM: the right password gets TOKEN; TOKEN validates until `revoked`. */
function fakeCrm(overrides: (request: SeenRequest) => FakeAnswer | undefined = () => undefined) {
  const state = { revoked: false };
  const authorized = (request: SeenRequest): boolean =>
    !state.revoked && request.headers.authorization === `Bearer ${TOKEN}`;
  const api = createFakeFetch((request) => {
    const override = overrides(request);
    if (override) return override;
    switch (request.path) {
      case '/api/auth/login':
        return new URLSearchParams(request.body).get('password') === 'doğru-şifre'
          ? { status: 200, json: { success: true, token: TOKEN, msg: messages.loginSuccess } }
          : { status: 401, json: { success: false, msg: messages.invalidCredentials } };
      case '/api/auth/validate':
        return authorized(request)
          ? { status: 200, json: { success: true, data: validUser } }
          : { status: 401, json: { success: false, msg: messages.sessionExpired } };
      case '/api/auth/logout':
        return { status: 200, json: { success: true } };
      case '/api/getOptionList':
        return authorized(request)
          ? { status: 200, json: { options: [{ label: 'Durumlar', value: 16 }] } }
          : { status: 401, json: { success: false, msg: messages.sessionExpired } };
      default:
        return { status: 404, json: { success: false, msg: 'yok' } };
    }
  });
  return { ...api, state };
}

function setup(api: ReturnType<typeof fakeCrm>, apiBase: string | null = API) {
  let clock = 1_700_000_000_000;
  const events: { event: BridgeEventName; payload: unknown }[] = [];
  const vault = createTokenVault({
    keytar: null,
    safeStorage: null,
    store: createMemoryStore(),
    service: 's',
    account: 'a',
    log: createLogSpy().log,
  });
  const session = createSessionManager({
    vault,
    server: { apiBase: async () => apiBase },
    fetch: api.fetch,
    emit: (event, payload) => events.push({ event, payload }),
    now: () => clock,
  });
  return {
    session,
    vault,
    events,
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

const validations = (requests: SeenRequest[]): number =>
  requests.filter((request) => request.path === '/api/auth/validate').length;

describe('session manager: login', () => {
  it('stores the token on success and answers the outcome without it', async () => {
    const api = fakeCrm();
    const { session, vault, now } = setup(api);

    const outcome = await session.login({
      email: 'ayse@firma.com',
      password: 'doğru-şifre',
      remember: false,
    });

    expect(outcome).toEqual({ success: true, msg: messages.loginSuccess, networkError: false });
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
    expect(await vault.load()).toBe(TOKEN);
    const login = api.requests[0];
    expect(login?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(login?.headers.authorization).toBeUndefined();
    // The login is followed by a validation that fills the user for status().
    expect(await session.status()).toEqual({
      authenticated: true,
      userName: 'Ayşe Yılmaz',
      userId: 7,
      validatedAt: now(),
    });
  });

  it("answers the server's message when the credentials are wrong", async () => {
    const api = fakeCrm();
    const { session, vault, events } = setup(api);

    const outcome = await session.login({ email: 'ayse@firma.com', password: 'yanlış', remember: true });

    expect(outcome).toEqual({ success: false, msg: messages.invalidCredentials, networkError: false });
    expect(await vault.load()).toBeNull();
    // A refused login is not an expired session.
    expect(events).toEqual([]);
  });

  it("answers 'Crm erişim sorunu' with networkError when the server cannot be reached", async () => {
    const api = fakeCrm(() => 'network-error');
    const { session } = setup(api);

    const outcome = await session.login({
      email: 'ayse@firma.com',
      password: 'doğru-şifre',
      remember: false,
    });

    expect(outcome).toEqual({ success: false, msg: 'Crm erişim sorunu', networkError: true });
  });

  it('answers a network error when no server is configured', async () => {
    const { session } = setup(fakeCrm(), null);
    expect(await session.login({ email: 'a@b.c', password: 'x', remember: false })).toEqual({
      success: false,
      msg: messages.crmAccessProblem,
      networkError: true,
    });
  });

  it('checks the input before sending anything', async () => {
    const api = fakeCrm();
    const { session } = setup(api);
    const outcome = await session.login({ email: '  ', password: 'x', remember: false });
    expect(outcome).toEqual({ success: false, msg: 'E-posta zorunludur', networkError: false });
    expect(api.requests).toEqual([]);
  });
});

describe('session manager: validate', () => {
  it('asks the server at most once an hour unless forced', async () => {
    const api = fakeCrm();
    const { session, advance } = setup(api);
    await session.login({ email: 'ayse@firma.com', password: 'doğru-şifre', remember: false });
    expect(validations(api.requests)).toBe(1);

    advance(LOGIN_VALIDATION_INTERVAL_MS - 1);
    await session.validate();
    expect(validations(api.requests)).toBe(1);

    await session.validate(true);
    expect(validations(api.requests)).toBe(2);

    advance(LOGIN_VALIDATION_INTERVAL_MS);
    const status = await session.validate();
    expect(validations(api.requests)).toBe(3);
    expect(status.authenticated).toBe(true);
  });

  it('sends one request for validations asked at the same time', async () => {
    const api = fakeCrm();
    const { session, vault } = setup(api);
    await vault.save(TOKEN, false);
    await Promise.all([session.validate(), session.validate(), session.validate()]);
    expect(validations(api.requests)).toBe(1);
  });

  it('does not call the server without a token', async () => {
    const api = fakeCrm();
    const { session } = setup(api);
    expect((await session.validate(true)).authenticated).toBe(false);
    expect(api.requests).toEqual([]);
  });

  it('clears the token and emits sessionExpired when validation answers 401', async () => {
    const api = fakeCrm();
    const { session, vault, events } = setup(api);
    await session.login({ email: 'ayse@firma.com', password: 'doğru-şifre', remember: false });
    api.state.revoked = true;

    const status = await session.validate(true);

    expect(status).toEqual({ authenticated: false, userName: null, userId: null, validatedAt: null });
    expect(await vault.load()).toBeNull();
    expect(events).toEqual([{ event: 'sessionExpired', payload: { reason: messages.sessionExpired } }]);
  });

  it('keeps the session when the server is unreachable', async () => {
    let offline = false;
    const api = fakeCrm(() => (offline ? 'network-error' : undefined));
    const { session, advance } = setup(api);
    await session.login({ email: 'ayse@firma.com', password: 'doğru-şifre', remember: false });
    offline = true;
    advance(LOGIN_VALIDATION_INTERVAL_MS + 1);

    expect((await session.validate()).authenticated).toBe(true);
  });
});

describe('session manager: calls', () => {
  it('adds the token to calls and answers the data', async () => {
    const api = fakeCrm();
    const { session } = setup(api);
    await session.login({ email: 'ayse@firma.com', password: 'doğru-şifre', remember: false });

    const outcome = await session.call('getOptionList', {});

    expect(outcome).toEqual({ ok: true, data: { options: [{ label: 'Durumlar', value: 16 }] } });
    expect(api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('clears the token and emits sessionExpired once when calls answer 401', async () => {
    const api = fakeCrm();
    const { session, vault, events } = setup(api);
    await session.login({ email: 'ayse@firma.com', password: 'doğru-şifre', remember: false });
    api.state.revoked = true;

    const outcomes = await Promise.all([
      session.call('getOptionList', {}),
      session.call('getOptionList', {}),
    ]);

    for (const outcome of outcomes) {
      expect(outcome).toEqual({
        ok: false,
        error: { kind: 'unauthorized', status: 401, message: messages.sessionExpired },
      });
    }
    expect(await vault.load()).toBeNull();
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toBe('sessionExpired');
  });

  it('answers unauthorized without a request when there is no session', async () => {
    const api = fakeCrm();
    const { session } = setup(api);
    const outcome = await session.call('getOptionList', {});
    expect(outcome.ok).toBe(false);
    expect(api.requests).toEqual([]);
  });

  it('refuses login and logout through the generic call', async () => {
    const api = fakeCrm();
    const { session } = setup(api);
    await session.login({ email: 'ayse@firma.com', password: 'doğru-şifre', remember: false });
    const before = api.requests.length;
    const viaCall = await session.call('login', {
      body: { email: 'ayse@firma.com', password: 'doğru-şifre' },
    });
    expect(viaCall).toEqual({
      ok: false,
      error: { kind: 'invalid', status: 0, message: messages.invalidRequest },
    });
    expect((await session.call('logout', {})).ok).toBe(false);
    expect(api.requests.length).toBe(before);
  });

  it('logout revokes on the server and clears the token', async () => {
    const api = fakeCrm();
    const { session, vault } = setup(api);
    await session.login({ email: 'ayse@firma.com', password: 'doğru-şifre', remember: false });

    await session.logout();

    const logout = api.requests.at(-1);
    expect(logout?.path).toBe('/api/auth/logout');
    expect(logout?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await vault.load()).toBeNull();
    expect((await session.status()).authenticated).toBe(false);
  });

  it('logout clears the token even when the server is unreachable', async () => {
    let offline = false;
    const api = fakeCrm(() => (offline ? 'network-error' : undefined));
    const { session, vault } = setup(api);
    await session.login({ email: 'ayse@firma.com', password: 'doğru-şifre', remember: false });
    offline = true;
    await session.logout();
    expect(await vault.load()).toBeNull();
  });
});
