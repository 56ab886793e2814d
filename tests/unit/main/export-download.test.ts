import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createExportDownloader,
  type SaveDialogOptions,
  type ShowSaveDialog,
} from '../../../src/main/export-download';
import { IpcRejection } from '../../../src/main/ipc-router';
import { contract, openCall } from '../../../src/shared/contract';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS } from '../../../src/shared/ipc-channels';
import { createLogSpy } from './fakes';
import { createRemoteMainServices, trustedSender } from './main-services-fixture';

const TOKEN = 'tok-SECRET-export-77';
const FILE_ID = 'a'.repeat(32);
/** Big enough to arrive in several chunks. */
const CONTENT = randomBytes(300_000);

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A real HTTP server: the API's file download, plus a few misbehaving answers. */
function startApi(seen: Seen[], redirectTo?: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    const authorized = request.headers.authorization === `Bearer ${TOKEN}`;
    if (!authorized) {
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: false, msg: messages.sessionExpired }));
      return;
    }
    if (request.url === `/api/export/file/${FILE_ID}`) {
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      response.end(CONTENT);
    } else if (request.url === '/api/export/file/redirect' && redirectTo) {
      response.writeHead(302, { Location: redirectTo() });
      response.end();
    } else {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: false, msg: messages.exportFileNotFound }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server): number => (server.address() as AddressInfo).port;

let api: Server;
let elsewhere: Server;
const seen: Seen[] = [];
const seenElsewhere: Seen[] = [];
let apiBase: string;
let dir: string;

beforeAll(async () => {
  elsewhere = await startApi(seenElsewhere);
  api = await startApi(seen, () => `http://127.0.0.1:${portOf(elsewhere)}/api/export/file/${FILE_ID}`);
  apiBase = `http://127.0.0.1:${portOf(api)}/api`;
  dir = await mkdtemp(join(tmpdir(), 'crm-export-download-'));
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await new Promise((resolve) => elsewhere.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  seen.length = 0;
  seenElsewhere.length = 0;
});

function fakeDialog(answer: (options: SaveDialogOptions) => { canceled: boolean; filePath?: string }) {
  const calls: SaveDialogOptions[] = [];
  const showSaveDialog: ShowSaveDialog = async (options) => {
    calls.push(options);
    return answer(options);
  };
  return { showSaveDialog, calls };
}

function downloader(
  showSaveDialog: ShowSaveDialog | null,
  token: string | null = TOKEN,
  base: string | null = apiBase,
) {
  return createExportDownloader({
    apiBase: async () => base,
    hasSession: async () => token !== null,
    // The exportFile call with the shared client, as the session manager sends it.
    open: (input) =>
      openCall(contract.exportFile, input, {
        baseUrl: base ?? '',
        fetch: (url, init) => fetch(url, init),
        getToken: () => token,
      }),
    showSaveDialog,
    defaultDirectory: () => '/home/ayse/İndirilenler',
    log: createLogSpy().log,
  });
}

describe('export download in the main process', () => {
  it('asks where to save, downloads with the token and writes the file', async () => {
    const target = join(dir, 'leads-20250301-1430.xlsx');
    const dialog = fakeDialog(() => ({ canceled: false, filePath: target }));
    const outcome = await downloader(dialog.showSaveDialog).saveExport({
      url: `/export/file/${FILE_ID}`,
      suggestedName: 'leads-20250301-1430.xlsx',
    });
    expect(outcome).toEqual({ ok: true, path: target });
    expect((await readFile(target)).equals(CONTENT)).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(dialog.calls[0]).toMatchObject({
      defaultPath: join('/home/ayse/İndirilenler', 'leads-20250301-1430.xlsx'),
      filters: [{ name: 'Excel', extensions: ['xlsx'] }],
    });
    expect((await readdir(dir)).some((name) => name.endsWith('.part'))).toBe(false);
  });

  it('also takes an absolute URL on the API base', async () => {
    const target = join(dir, 'absolute.xlsx');
    const dialog = fakeDialog(() => ({ canceled: false, filePath: target }));
    const outcome = await downloader(dialog.showSaveDialog).saveExport({
      url: `${apiBase}/export/file/${FILE_ID}`,
      suggestedName: 'x.xlsx',
    });
    expect(outcome).toEqual({ ok: true, path: target });
  });

  it('answers canceled when the dialog is cancelled, without downloading', async () => {
    const dialog = fakeDialog(() => ({ canceled: true }));
    const outcome = await downloader(dialog.showSaveDialog).saveExport({
      url: `/export/file/${FILE_ID}`,
      suggestedName: 'leads.xlsx',
    });
    expect(outcome).toEqual({ ok: false, canceled: true, message: messages.exportCanceled });
    expect(seen).toHaveLength(0);
  });

  it('refuses URLs outside the API base before any dialog or request', async () => {
    const port = portOf(api);
    const dialog = fakeDialog(() => ({ canceled: false, filePath: join(dir, 'never.xlsx') }));
    const save = downloader(dialog.showSaveDialog);
    for (const url of [
      `http://127.0.0.1:${portOf(elsewhere)}/api/export/file/${FILE_ID}`,
      `http://localhost:${port}/api/export/file/${FILE_ID}`,
      `https://127.0.0.1:${port}/api/export/file/${FILE_ID}`,
      `http://127.0.0.1:${port}/secret`,
      `http://127.0.0.1:${port}/api/../secret`,
      `http://127.0.0.1:${port}/api/%2e%2e/secret`,
      `http://user:pw@127.0.0.1:${port}/api/export/file/${FILE_ID}`,
      '/../secret',
      '//evil.example/api/export/file/x',
      '\\\\evil.example\\share',
      'https://evil.example/api/export/file/x',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ]) {
      expect(await save.saveExport({ url, suggestedName: 'x.xlsx' }), url).toEqual({
        ok: false,
        message: messages.invalidRequest,
      });
    }
    expect(dialog.calls).toHaveLength(0);
    expect(seen).toHaveLength(0);
    expect(seenElsewhere).toHaveLength(0);
  });

  it('does not follow a redirect (the token stays with the API)', async () => {
    const target = join(dir, 'redirected.xlsx');
    const dialog = fakeDialog(() => ({ canceled: false, filePath: target }));
    const outcome = await downloader(dialog.showSaveDialog).saveExport({
      url: '/export/file/redirect',
      suggestedName: 'x.xlsx',
    });
    expect(outcome.ok).toBe(false);
    expect(seenElsewhere).toHaveLength(0);
    await expect(readFile(target)).rejects.toThrow();
  });

  it("reports the server's reason and leaves no file when the download fails", async () => {
    const target = join(dir, 'missing.xlsx');
    const dialog = fakeDialog(() => ({ canceled: false, filePath: target }));
    const outcome = await downloader(dialog.showSaveDialog).saveExport({
      url: `/export/file/${'b'.repeat(32)}`,
      suggestedName: 'x.xlsx',
    });
    expect(outcome).toEqual({ ok: false, message: messages.exportFileNotFound });
    await expect(readFile(target)).rejects.toThrow();
    await expect(readFile(`${target}.part`)).rejects.toThrow();
  });

  it('needs a session, a server and a dialog', async () => {
    const dialog = fakeDialog(() => ({ canceled: false, filePath: join(dir, 'n.xlsx') }));
    const input = { url: `/export/file/${FILE_ID}`, suggestedName: 'x.xlsx' };
    expect(await downloader(dialog.showSaveDialog, null).saveExport(input)).toEqual({
      ok: false,
      message: messages.sessionExpired,
    });
    expect(await downloader(dialog.showSaveDialog, TOKEN, null).saveExport(input)).toEqual({
      ok: false,
      message: messages.crmAccessProblem,
    });
    expect(await downloader(null).saveExport(input)).toEqual({
      ok: false,
      message: messages.exportUnavailable,
    });
    expect(dialog.calls).toHaveLength(0);
    expect(seen).toHaveLength(0);
  });

  it('offers only a safe file name in the dialog', async () => {
    const dialog = fakeDialog(() => ({ canceled: true }));
    await downloader(dialog.showSaveDialog).saveExport({
      url: `/export/file/${FILE_ID}`,
      suggestedName: '../../.ssh/authorized_keys',
    });
    const offered = dialog.calls[0]?.defaultPath ?? '';
    expect(dirname(offered)).toBe('/home/ayse/İndirilenler');
    expect(basename(offered)).toBe('_.._.ssh_authorized_keys.xlsx');
  });
});

describe('export download through the IPC router', () => {
  const trusted = trustedSender('#/list/leads');

  async function setup(filePath: string) {
    const dialog = fakeDialog(() => ({ canceled: false, filePath }));
    const services = createRemoteMainServices(
      (url, init) => fetch(url, init),
      { showSaveDialog: dialog.showSaveDialog, downloadsDirectory: () => dir },
      apiBase,
    );
    await services.vault.save(TOKEN, false);
    return { router: services.router, dialog };
  }

  it('saves with the session token of the main process', async () => {
    const target = join(dir, 'via-ipc.xlsx');
    const { router } = await setup(target);
    const outcome = await router.handle(
      IPC_CHANNELS.saveExport,
      { url: `/export/file/${FILE_ID}`, suggestedName: 'leads.xlsx' },
      trusted,
    );
    expect(outcome).toEqual({ ok: true, path: target });
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect((await readFile(target)).equals(CONTENT)).toBe(true);
  });

  it('validates the payload and the sender like every channel', async () => {
    const { router, dialog } = await setup(join(dir, 'never.xlsx'));
    for (const payload of [
      {},
      { url: `/export/file/${FILE_ID}` },
      { url: `/export/file/${FILE_ID}`, suggestedName: 'x.xlsx', token: 'steal' },
      { url: 'x'.repeat(3000), suggestedName: 'x.xlsx' },
      { url: 42, suggestedName: 'x.xlsx' },
    ]) {
      await expect(router.handle(IPC_CHANNELS.saveExport, payload, trusted)).rejects.toThrow(IpcRejection);
    }
    const valid = { url: `/export/file/${FILE_ID}`, suggestedName: 'x.xlsx' };
    await expect(
      router.handle(IPC_CHANNELS.saveExport, valid, { frameUrl: 'https://evil.example/', isMainFrame: true }),
    ).rejects.toThrow(IpcRejection);
    await expect(
      router.handle(IPC_CHANNELS.saveExport, valid, { ...trusted, isMainFrame: false }),
    ).rejects.toThrow(IpcRejection);
    expect(dialog.calls).toHaveLength(0);
    expect(seen).toHaveLength(0);
  });
});
