import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS } from '../../../src/shared/ipc-channels';
import { IpcRejection } from '../../../src/main/ipc-router';
import { createFakeFetch, type SeenRequest } from './fakes';
import { createRemoteMainServices, TEST_RENDERER, trustedSender } from './main-services-fixture';

const TOKEN = 'tok-SECRET-91b2';
const trusted = trustedSender('#/list/leads');

function setup() {
  const api = createFakeFetch((request: SeenRequest) => {
    const authorized = request.headers.authorization === `Bearer ${TOKEN}`;
    switch (request.path) {
      case '/api/auth/login':
        return { status: 200, json: { success: true, token: TOKEN, msg: messages.loginSuccess } };
      case '/api/auth/validate':
        return authorized
          ? {
              status: 200,
              json: {
                success: true,
                data: { userName: 'Mehmet Öz', userId: 3, telegram_id: null, theme: null, dahili: null },
              },
            }
          : { status: 401, json: { success: false, msg: messages.sessionExpired } };
      case '/api/fields/leads':
        return authorized
          ? { status: 200, json: { fields: [] } }
          : { status: 401, json: { success: false, msg: messages.sessionExpired } };
      default:
        return { status: 404, json: { success: false, msg: 'yok' } };
    }
  });
  const services = createRemoteMainServices(api.fetch);
  return { router: services.router, requests: api.requests };
}

const login = { email: 'mehmet@firma.com', password: 'şifre', remember: false };

describe('ipc router: who may talk', () => {
  it('serves exactly the bridge channels', () => {
    const { router } = setup();
    expect([...router.channels].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    expect(router.channels.every((channel) => channel.startsWith('crm:'))).toBe(true);
  });

  it('rejects an unknown channel', async () => {
    const { router } = setup();
    await expect(router.handle('crm:shell:exec', {}, trusted)).rejects.toThrow(IpcRejection);
    await expect(router.handle('__proto__', {}, trusted)).rejects.toThrow('Unknown IPC channel');
  });

  it('rejects a frame from another origin or file', async () => {
    const { router, requests } = setup();
    for (const frameUrl of [
      'https://evil.example/index.html',
      'file:///tmp/index.html',
      'about:blank',
      '',
      'http://localhost:5173/',
    ]) {
      await expect(router.handle(IPC_CHANNELS.login, login, { frameUrl, isMainFrame: true })).rejects.toThrow(
        'untrusted page',
      );
    }
    expect(requests).toEqual([]);
  });

  it('rejects a subframe even of our own renderer', async () => {
    const { router, requests } = setup();
    await expect(
      router.handle(IPC_CHANNELS.login, login, { frameUrl: TEST_RENDERER, isMainFrame: false }),
    ).rejects.toThrow('subframe');
    expect(requests).toEqual([]);
  });
});

describe('ipc router: what they may say', () => {
  it('rejects a payload that does not match the channel schema, without echoing it', async () => {
    const { router, requests } = setup();
    const bad = { email: 'mehmet@firma.com', password: 'gizli-şifre', remember: 'yes' };
    const error = await router.handle(IPC_CHANNELS.login, bad, trusted).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IpcRejection);
    expect(String(error)).not.toContain('gizli-şifre');
    await expect(router.handle(IPC_CHANNELS.login, { ...login, extra: 1 }, trusted)).rejects.toThrow(
      'Invalid payload',
    );
    await expect(router.handle(IPC_CHANNELS.status, 'now', trusted)).rejects.toThrow('Invalid payload');
    await expect(
      router.handle(IPC_CHANNELS.call, { name: 'fields', input: { params: {}, token: 'x' } }, trusted),
    ).rejects.toThrow('Invalid payload');
    expect(requests).toEqual([]);
  });

  it('refuses a file read whose id is not a record id, sending nothing', async () => {
    const { router, requests } = setup();
    await router.handle(IPC_CHANNELS.login, login, trusted);
    const sent = requests.length;
    for (const params of [{ id: 0 }, { id: -5 }, { id: 2.5 }, { id: 2_147_483_648 }, {}]) {
      expect(
        await router.handle(IPC_CHANNELS.call, { name: 'leadFile', input: { params } }, trusted),
      ).toMatchObject({ ok: false, error: { kind: 'invalid', status: 0 } });
    }
    for (const payload of [
      { name: 'leadFile', input: { params: { id: 5 }, url: 'https://evil.example/file/5' } },
      { name: 'leadFile', input: { params: { id: 5 } }, url: 'https://evil.example/file/5' },
      undefined,
    ]) {
      await expect(router.handle(IPC_CHANNELS.call, payload, trusted)).rejects.toThrow('Invalid payload');
    }
    expect(requests.slice(sent).filter((request) => request.path.startsWith('/api/file/'))).toEqual([]);
  });

  it('answers a call that is only streamed (an export file) as invalid: it is saved through saveExport', async () => {
    const { router, requests } = setup();
    await router.handle(IPC_CHANNELS.login, login, trusted);
    const sent = requests.length;
    const invalid = { ok: false, error: { kind: 'invalid', status: 0, message: messages.invalidRequest } };
    expect(
      await router.handle(
        IPC_CHANNELS.call,
        { name: 'exportFile', input: { params: { name: 'a' } } },
        trusted,
      ),
    ).toEqual(invalid);
    expect(requests.length).toBe(sent);
  });

  it('answers an unknown or non-callable call name as an invalid call, sending nothing', async () => {
    const { router, requests } = setup();
    const invalid = { ok: false, error: { kind: 'invalid', status: 0, message: messages.invalidRequest } };
    expect(await router.handle(IPC_CHANNELS.call, { name: 'dropDatabase', input: {} }, trusted)).toEqual(
      invalid,
    );
    expect(await router.handle(IPC_CHANNELS.call, { name: 'constructor', input: {} }, trusted)).toEqual(
      invalid,
    );
    expect(
      await router.handle(
        IPC_CHANNELS.call,
        { name: 'login', input: { body: { email: 'a@b.c', password: 'x' } } },
        trusted,
      ),
    ).toEqual(invalid);
    expect(requests).toEqual([]);
  });

  it("validates a call's params and body with the contract before sending", async () => {
    const { router, requests } = setup();
    await router.handle(IPC_CHANNELS.login, login, trusted);
    const sent = requests.length;

    const badParams = await router.handle(
      IPC_CHANNELS.call,
      { name: 'fields', input: { params: { table: 'leads; DROP TABLE users' } } },
      trusted,
    );
    expect(badParams).toEqual({
      ok: false,
      error: { kind: 'invalid', status: 0, message: 'Geçersiz tablo adı' },
    });

    const badBody = await router.handle(
      IPC_CHANNELS.call,
      { name: 'detailSave', input: { body: { table: 'leads', id: -4, inputs: {} } } },
      trusted,
    );
    expect(badBody).toMatchObject({ ok: false, error: { kind: 'invalid', status: 0 } });
    expect(requests.length).toBe(sent);
  });
});

describe('ipc router: forwarding', () => {
  it('forwards a call with the token added by the session manager; no answer contains the token', async () => {
    const { router, requests } = setup();
    const answers: unknown[] = [];

    answers.push(await router.handle(IPC_CHANNELS.login, login, trusted));
    answers.push(
      await router.handle(
        IPC_CHANNELS.call,
        { name: 'fields', input: { params: { table: 'leads' } } },
        trusted,
      ),
    );
    answers.push(await router.handle(IPC_CHANNELS.status, {}, trusted));
    answers.push(await router.handle(IPC_CHANNELS.validate, { force: true }, trusted));
    answers.push(await router.handle(IPC_CHANNELS.getSettings, undefined, trusted));

    expect(answers[0]).toEqual({ success: true, msg: messages.loginSuccess, networkError: false });
    expect(answers[1]).toEqual({ ok: true, data: { fields: [] } });
    expect(answers[2]).toMatchObject({ authenticated: true, userName: 'Mehmet Öz' });
    expect(answers[4]).toEqual({ serverMode: 'remote', serverUrl: 'https://crm.test/api', canEmbed: false });
    const fieldsRequest = requests.find((request) => request.path === '/api/fields/leads');
    expect(fieldsRequest?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(fieldsRequest?.method).toBe('GET');
    for (const answer of answers) expect(JSON.stringify(answer) ?? '').not.toContain(TOKEN);
  });

  it("reads a lead's file with the token; the server's refusal comes back as its message", async () => {
    const { router, requests } = setup();
    await router.handle(IPC_CHANNELS.login, login, trusted);
    const answer = await router.handle(
      IPC_CHANNELS.call,
      { name: 'leadFile', input: { params: { id: 5 } } },
      trusted,
    );
    expect(answer).toEqual({ ok: false, error: { kind: 'not_found', status: 404, message: 'yok' } });
    const read = requests.find((request) => request.path === '/api/file/5');
    expect(read?.method).toBe('GET');
    expect(read?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('logs out through its own channel', async () => {
    const { router, requests } = setup();
    await router.handle(IPC_CHANNELS.login, login, trusted);
    expect(await router.handle(IPC_CHANNELS.logout, {}, trusted)).toBeUndefined();
    expect(requests.at(-1)?.path).toBe('/api/auth/logout');
    expect(await router.handle(IPC_CHANNELS.status, null, trusted)).toMatchObject({ authenticated: false });
  });
});
