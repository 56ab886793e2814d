import { describe, expect, it } from 'vitest';
import { desktopTexts } from '../../../src/shared/i18n/desktop-texts';
import { messages } from '../../../src/shared/i18n/messages';
import type { EmbeddedServerLauncher } from '../../../src/main/embedded-server';
import { createMemoryStore } from '../../../src/main/key-value-store';
import type { AddressCheck } from '../../../src/main/server-check';
import { createServerConnection } from '../../../src/main/server-connection';
import { createSettings } from '../../../src/main/settings';

function fakeEmbedded(result: 'ok' | 'fail' = 'ok'): EmbeddedServerLauncher & { starts: number } {
  let base: string | null = null;
  let running: Promise<string> | null = null;
  const launcher = {
    starts: 0,
    start: () => {
      launcher.starts += 1;
      running ??=
        result === 'ok'
          ? Promise.resolve('http://127.0.0.1:40000/api').then((value) => (base = value))
          : Promise.reject(new Error('boom'));
      return running;
    },
    apiBase: () => base,
    running: () => running,
    stop: () => {
      base = null;
      running = null;
    },
    headersFor: () => ({}),
    takeFirstPassword: () => null,
  };
  return launcher;
}

function setup(
  options: {
    check?: AddressCheck;
    embedded?: EmbeddedServerLauncher | null;
    initial?: Record<string, unknown>;
    policy?: { crmAddress?: string; disableEmbeddedServer?: boolean };
  } = {},
) {
  const settings = createSettings(createMemoryStore(options.initial ?? {}));
  let changes = 0;
  const checked: string[] = [];
  const connection = createServerConnection({
    settings,
    checkAddress: async (url) => {
      checked.push(url);
      return options.check ?? { ok: true, apiBase: 'https://crm.firma.com/api' };
    },
    embedded: options.embedded === undefined ? fakeEmbedded() : options.embedded,
    onServerChanged: async () => {
      changes += 1;
    },
    policy: options.policy,
  });
  return { connection, settings, checked, changes: () => changes };
}

describe('server connection', () => {
  it('has no API base before the first-run choice', async () => {
    const { connection } = setup();
    expect(await connection.apiBase()).toBeNull();
    expect(await connection.getSettings()).toEqual({ serverMode: null, serverUrl: null, canEmbed: true });
  });

  it('saves a remote address only after it answered as this API, and ends the old session', async () => {
    const { connection, settings, checked, changes } = setup();
    const answer = await connection.setServer({ mode: 'remote', url: 'crm.firma.com' });
    expect(checked).toEqual(['crm.firma.com']);
    expect(answer).toEqual({
      ok: true,
      settings: { serverMode: 'remote', serverUrl: 'https://crm.firma.com/api', canEmbed: true },
    });
    expect(settings.get().serverUrl).toBe('https://crm.firma.com/api');
    expect(await connection.apiBase()).toBe('https://crm.firma.com/api');
    expect(changes()).toBe(1);

    // Choosing the same server again keeps the session.
    await connection.setServer({ mode: 'remote', url: 'https://crm.firma.com/api' });
    expect(changes()).toBe(1);
  });

  it('keeps the old choice when the address is not a CRM', async () => {
    const { connection, settings, changes } = setup({
      check: { ok: false, message: messages.crmNotFound },
      initial: { serverMode: 'remote', serverUrl: 'https://old.firma.com/api' },
    });
    expect(await connection.setServer({ mode: 'remote', url: 'https://www.google.com' })).toEqual({
      ok: false,
      message: messages.crmNotFound,
    });
    expect(settings.get().serverUrl).toBe('https://old.firma.com/api');
    expect(changes()).toBe(0);
  });

  it('starts the embedded server and reports its current address', async () => {
    const embedded = fakeEmbedded();
    const { connection, settings } = setup({ embedded });
    const answer = await connection.setServer({ mode: 'embedded' });
    expect(answer).toEqual({
      ok: true,
      settings: { serverMode: 'embedded', serverUrl: 'http://127.0.0.1:40000/api', canEmbed: true },
    });
    expect(settings.get()).toMatchObject({ serverMode: 'embedded', serverUrl: null });
    expect(await connection.apiBase()).toBe('http://127.0.0.1:40000/api');
  });

  it('waits for an embedded server that is still starting', async () => {
    const embedded = fakeEmbedded();
    const { connection } = setup({ embedded, initial: { serverMode: 'embedded' } });
    const resumed = connection.resume();
    expect(await connection.apiBase()).toBe('http://127.0.0.1:40000/api');
    await resumed;
    expect(embedded.starts).toBe(1);
  });

  it('answers an access problem when the embedded server fails, and cannot embed without a launcher', async () => {
    const failing = setup({ embedded: fakeEmbedded('fail') });
    expect(await failing.connection.setServer({ mode: 'embedded' })).toEqual({
      ok: false,
      message: messages.crmAccessProblem,
    });
    expect(failing.settings.get().serverMode).toBeNull();

    const none = setup({ embedded: null });
    expect((await none.connection.getSettings()).canEmbed).toBe(false);
    expect((await none.connection.setServer({ mode: 'embedded' })).ok).toBe(false);
  });

  it('resume() does nothing for a remote server and survives a failing embedded start', async () => {
    const embedded = fakeEmbedded('fail');
    const { connection } = setup({ embedded, initial: { serverMode: 'embedded' } });
    await expect(connection.resume()).resolves.toBeUndefined();
    expect(await connection.apiBase()).toBeNull();

    const remote = fakeEmbedded();
    await setup({
      embedded: remote,
      initial: { serverMode: 'remote', serverUrl: 'https://crm.firma.com/api' },
    }).connection.resume();
    expect(remote.starts).toBe(0);
  });
});

describe('server connection under IT policy (see docs/it-deployment.md)', () => {
  it('CrmAddress presets the server, replaces an old one and locks it', async () => {
    const embedded = fakeEmbedded();
    const { connection, checked, changes } = setup({
      embedded,
      policy: { crmAddress: 'https://crm.firma.com' },
      initial: { serverMode: 'remote', serverUrl: 'https://eski.example/api' },
    });
    await connection.resume();
    expect(checked).toEqual(['https://crm.firma.com']);
    expect(await connection.apiBase()).toBe('https://crm.firma.com/api');
    expect(changes()).toBe(1);
    expect(await connection.getSettings()).toEqual({
      serverMode: 'remote',
      serverUrl: 'https://crm.firma.com/api',
      canEmbed: false,
      serverLocked: true,
    });
    expect(await connection.setServer({ mode: 'remote', url: 'https://baska.example' })).toEqual({
      ok: false,
      message: desktopTexts.serverLockedByPolicy,
    });
    expect(await connection.setServer({ mode: 'embedded' })).toMatchObject({ ok: false });
    expect(embedded.starts).toBe(0);
  });

  it('keeps a saved base of the same address without asking the network', async () => {
    const { connection, checked } = setup({
      policy: { crmAddress: 'https://crm.firma.com/' },
      initial: { serverMode: 'remote', serverUrl: 'https://crm.firma.com/api' },
    });
    await connection.resume();
    expect(checked).toEqual([]);
    expect(await connection.apiBase()).toBe('https://crm.firma.com/api');
  });

  it('assumes /api when the preset server does not answer yet, rather than an old server', async () => {
    const { connection } = setup({
      check: { ok: false, message: messages.crmNotFound },
      policy: { crmAddress: 'https://crm.firma.com' },
      initial: { serverMode: 'embedded' },
    });
    await connection.resume();
    expect(await connection.apiBase()).toBe('https://crm.firma.com/api');
  });

  it('DisableEmbeddedServer refuses the embedded server and asks again for a saved embedded choice', async () => {
    const embedded = fakeEmbedded();
    const { connection } = setup({
      embedded,
      policy: { disableEmbeddedServer: true },
      initial: { serverMode: 'embedded' },
    });
    await connection.resume();
    expect(embedded.starts).toBe(0);
    expect(await connection.apiBase()).toBeNull();
    expect(await connection.getSettings()).toEqual({ serverMode: null, serverUrl: null, canEmbed: false });
    expect(await connection.setServer({ mode: 'embedded' })).toEqual({
      ok: false,
      message: desktopTexts.embeddedDisabledByPolicy,
    });
    expect(await connection.setServer({ mode: 'remote', url: 'crm.firma.com' })).toMatchObject({ ok: true });
  });
});
