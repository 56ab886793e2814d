import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { createSessionManager } from '../../../src/main/session-manager';
import { createTokenVault } from '../../../src/main/token-vault';
import { messages } from '../../../src/shared/i18n/messages';
import { createFakeFetch, createLogSpy } from './fakes';

const TOKEN = 'tok-remember';

function setup() {
  const api = createFakeFetch((request) => {
    if (request.path === '/api/auth/login') {
      return { status: 200, json: { success: true, token: TOKEN, msg: messages.loginSuccess } };
    }
    return {
      status: 200,
      json: {
        success: true,
        data: { userName: 'Ayşe', userId: 7, telegram_id: null, theme: null, dahili: null },
      },
    };
  });
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
    server: { apiBase: async () => 'https://crm.test/api' },
    fetch: api.fetch,
    emit: () => undefined,
  });
  return { session, api };
}

const loginBody = (api: ReturnType<typeof createFakeFetch>): URLSearchParams =>
  new URLSearchParams(api.requests.find((request) => request.path === '/api/auth/login')?.body ?? '');

describe('session manager: remember-me reaches the server', () => {
  // The server keeps a session 12 hours, or 30 days when the login says remember=1. Without the flag a
  // remembered token outlives its server session: the user is sent to /login the next morning anyway.
  it('sends remember=1 when the user ticks "Beni hatırla"', async () => {
    const { session, api } = setup();
    await session.login({ email: 'ayse@firma.com', password: 'şifre', remember: true });
    expect(loginBody(api).get('remember')).toBe('1');
  });

  it('sends remember=0 otherwise', async () => {
    const { session, api } = setup();
    await session.login({ email: 'ayse@firma.com', password: 'şifre', remember: false });
    expect(loginBody(api).get('remember')).toBe('0');
  });
});
