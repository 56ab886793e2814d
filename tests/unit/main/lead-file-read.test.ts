import { describe, expect, it } from 'vitest';
import {
  contract,
  sendCall,
  type CallOutcome,
  type FetchLike,
  type ReadFile,
} from '../../../src/shared/contract';
import { LEAD_FILE_READ_MAX_BYTES, UPLOAD_MAX_FILE_BYTES } from '../../../src/shared/contract/files';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS } from '../../../src/shared/ipc-channels';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { IpcRejection } from '../../../src/main/ipc-router';
import { createRemoteMainServices, trustedSender } from './main-services-fixture';

const TOKEN = 'tok-SECRET-file-77';
const API = 'https://crm.test/api';
const trusted = trustedSender('#/leadDetail/5');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const TOO_LARGE = 'Dosya açılamadı: dosya 10 MB sınırını aşıyor';

type Seen = { url: string; method: string; headers: Headers; redirect?: RequestRedirect; signal: boolean };

function fakeApi(answer: (seen: Seen) => Response | 'network-error'): { fetch: FetchLike; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (url, init) => {
    const request: Seen = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      redirect: init.redirect,
      signal: init.signal instanceof AbortSignal,
    };
    seen.push(request);
    const reply = answer(request);
    if (reply === 'network-error') throw new TypeError('fetch failed');
    return reply;
  };
  return { fetch, seen };
}

const image = (bytes: Uint8Array, type = 'image/png'): Response =>
  new Response(bytes.slice(), { status: 200, headers: { 'Content-Type': type } });

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A body that never ends on its own: 1 MB a pull, counting pulls and whether it was cancelled. */
function endlessBody(): {
  stream: ReadableStream<Uint8Array>;
  pulls: () => number;
  cancelled: () => boolean;
} {
  let pulls = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls += 1;
      controller.enqueue(new Uint8Array(1024 * 1024));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulls: () => pulls, cancelled: () => cancelled };
}

/** What the screen gets: the image, or the message it shows; `status` of the answer (0: none). */
function shown(outcome: CallOutcome<ReadFile>) {
  return {
    outcome: outcome.ok
      ? { ok: true as const, mime: outcome.data.mime, data: outcome.data.data }
      : { ok: false as const, message: outcome.error.message },
    status: outcome.ok ? null : outcome.error.status,
  };
}

/** GET /file/{id} through the shared client, as the web bridge and the main process send it. */
const read = async (fetch: FetchLike, id: number = 7, apiBase = API) =>
  shown(
    await sendCall(contract.leadFile, { params: { id } }, { baseUrl: apiBase, fetch, getToken: () => TOKEN }),
  );

describe('reading a lead file (GET /file/{id})', () => {
  it('gets the bytes with the token from the API base, refusing redirects, within a time limit', async () => {
    const api = fakeApi(() => image(PNG));
    const result = await read(api.fetch, 7, `${API}/`);
    expect(result.outcome).toEqual({ ok: true, mime: 'image/png', data: PNG });
    // A plain Uint8Array over its own buffer: what IPC and the e2e harness's binding carry.
    if (!result.outcome.ok) throw new Error('expected the image');
    expect(result.outcome.data.constructor).toBe(Uint8Array);
    expect(result.outcome.data.buffer.byteLength).toBe(PNG.byteLength);
    const [request] = api.seen;
    expect(request?.url).toBe('https://crm.test/api/file/7');
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request?.redirect).toBe('error');
    expect(request?.signal).toBe(true);
  });

  it('takes the type from the answer, parameters and case aside', async () => {
    const api = fakeApi(() => image(PNG, 'IMAGE/JPEG; charset=binary'));
    expect((await read(api.fetch)).outcome).toMatchObject({ ok: true, mime: 'image/jpeg' });
  });

  it('refuses an answer that is not a jpeg or png image', async () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/octet-stream', 'image/gif']) {
      const api = fakeApi(() => image(PNG, type));
      expect((await read(api.fetch)).outcome).toEqual({ ok: false, message: messages.fileOpenNotImage });
    }
    const untyped = fakeApi(() => new Response(new Blob([PNG.slice()])));
    expect((await read(untyped.fetch)).outcome).toEqual({ ok: false, message: messages.fileOpenNotImage });
  });

  it('answers 401 as an expired session, whatever the body says', async () => {
    const api = fakeApi(() => json(401, { success: false, msg: 'Unauthorized' }));
    expect(await read(api.fetch)).toEqual({
      outcome: { ok: false, message: messages.sessionExpired },
      status: 401,
    });
  });

  it("shows the server's Turkish refusal, and plain texts where there is none", async () => {
    const hidden = fakeApi(() => json(404, { success: false, msg: messages.recordNotFound }));
    expect(await read(hidden.fetch)).toEqual({
      outcome: { ok: false, message: 'Böyle bir kayıt yok veya görmeye yetkiniz yok' },
      status: 404,
    });
    const worded = fakeApi(() => json(500, { success: false, msg: messages.serverError }));
    expect((await read(worded.fetch)).outcome).toEqual({ ok: false, message: messages.serverError });
    const proxy404 = fakeApi(() => new Response('<h1>Not Found</h1>', { status: 404 }));
    expect((await read(proxy404.fetch)).outcome).toEqual({ ok: false, message: messages.recordNotFound });
    const proxy502 = fakeApi(() => new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    expect((await read(proxy502.fetch)).outcome).toEqual({ ok: false, message: messages.fileOpenFailed });
  });

  it('refuses a redirect instead of following it with the token', async () => {
    // What fetch does with redirect: 'error' when the answer is a redirect.
    const api = fakeApi((request) =>
      request.redirect === 'error'
        ? 'network-error'
        : new Response(null, { status: 302, headers: { Location: 'https://evil.example/' } }),
    );
    expect(await read(api.fetch)).toEqual({
      outcome: { ok: false, message: messages.crmAccessProblem },
      status: 0,
    });
    expect(api.seen).toHaveLength(1);
    // A host whose fetch hands the 3xx back (manual handling) gets no image either.
    const manual = fakeApi(
      () => new Response(null, { status: 302, headers: { Location: 'https://evil.example/' } }),
    );
    expect((await read(manual.fetch)).outcome).toEqual({ ok: false, message: messages.fileOpenFailed });
  });

  it('accepts a file of the upload limit', async () => {
    const api = fakeApi(() => image(new Uint8Array(UPLOAD_MAX_FILE_BYTES)));
    const { outcome } = await read(api.fetch);
    expect(outcome.ok && outcome.data.byteLength).toBe(UPLOAD_MAX_FILE_BYTES);
  });

  it('refuses a body over the limit: by its declared size before reading, else while reading', async () => {
    const declared = endlessBody();
    const announced = fakeApi(
      () =>
        new Response(declared.stream, {
          headers: { 'Content-Type': 'image/png', 'Content-Length': String(LEAD_FILE_READ_MAX_BYTES + 1) },
        }),
    );
    expect((await read(announced.fetch)).outcome).toEqual({ ok: false, message: TOO_LARGE });
    expect(declared.cancelled()).toBe(true);

    const endless = endlessBody();
    const unannounced = fakeApi(
      () => new Response(endless.stream, { headers: { 'Content-Type': 'image/jpeg' } }),
    );
    expect((await read(unannounced.fetch)).outcome).toEqual({ ok: false, message: TOO_LARGE });
    expect(endless.cancelled()).toBe(true);
    // It stopped right after passing the limit (10 MB + 64 KB), not at the end of a never-ending body.
    expect(endless.pulls()).toBeLessThanOrEqual(13);
  });

  it('reports a broken line, an empty answer and a bad id plainly', async () => {
    const down = fakeApi(() => 'network-error');
    expect((await read(down.fetch)).outcome).toEqual({ ok: false, message: messages.crmAccessProblem });

    const broken = fakeApi(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(PNG.slice());
              controller.error(new Error('socket hang up'));
            },
          }),
          { headers: { 'Content-Type': 'image/png' } },
        ),
    );
    expect((await read(broken.fetch)).outcome).toEqual({ ok: false, message: messages.crmAccessProblem });

    const empty = fakeApi(() => image(new Uint8Array(0)));
    expect((await read(empty.fetch)).outcome).toEqual({ ok: false, message: messages.fileOpenFailed });

    // A bad id is refused by the contract's schema before anything is sent.
    const never = fakeApi(() => image(PNG));
    for (const id of [0, -3, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await read(never.fetch, id)).toMatchObject({ outcome: { ok: false }, status: 0 });
    }
    expect(never.seen).toHaveLength(0);
  });
});

describe('desktop file read (main process, through the call channel)', () => {
  const answering = (file: () => Response) =>
    fakeApi((request) =>
      request.url.endsWith('/auth/login')
        ? json(200, { success: true, token: TOKEN, msg: messages.loginSuccess })
        : request.url.endsWith('/auth/validate')
          ? json(200, {
              success: true,
              data: { userName: 'Mehmet Öz', userId: 3, telegram_id: null, theme: null, dahili: null },
            })
          : file(),
    );
  const signedIn = async (fetch: FetchLike) => {
    const services = createRemoteMainServices(fetch, {}, API);
    await services.router.handle(
      IPC_CHANNELS.login,
      { email: 'mehmet@firma.com', password: 'şifre', remember: false },
      trusted,
    );
    return services;
  };
  const readFile = (params: unknown) => ({ name: 'leadFile', input: { params } });
  /** What the screen shows of GET /file/7 sent through the router. */
  const shownThrough = async (services: ReturnType<typeof createRemoteMainServices>) =>
    shown(
      (await services.router.handle(
        IPC_CHANNELS.call,
        readFile({ id: 7 }),
        trusted,
      )) as CallOutcome<ReadFile>,
    ).outcome;

  it('reads with the vault token and ends the session on 401', async () => {
    const api = answering(() => image(PNG));
    const services = await signedIn(api.fetch);
    const answer = await services.router.handle(IPC_CHANNELS.call, readFile({ id: 7 }), trusted);
    expect(answer).toEqual({ ok: true, data: { mime: 'image/png', data: PNG } });
    expect(JSON.stringify(answer)).not.toContain(TOKEN);
    const download = api.seen.find((request) => request.url.endsWith('/file/7'));
    expect(download?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);

    const expiredApi = answering(() => json(401, { success: false, msg: messages.sessionExpired }));
    const expired = await signedIn(expiredApi.fetch);
    expect(await shownThrough(expired)).toEqual({ ok: false, message: messages.sessionExpired });
    expect((await expired.session.status()).authenticated).toBe(false);
  });

  it('needs a server and a session', async () => {
    const api = fakeApi(() => image(PNG));
    const noServer = createRemoteMainServices(api.fetch, { store: createMemoryStore() });
    await noServer.vault.save(TOKEN, false);
    expect(await shownThrough(noServer)).toEqual({ ok: false, message: messages.crmAccessProblem });
    const noSession = createRemoteMainServices(api.fetch, {}, API);
    expect(await shownThrough(noSession)).toEqual({ ok: false, message: messages.sessionExpired });
    expect(api.seen).toHaveLength(0);
  });

  it('checks the message first: the envelope, the sender and the id', async () => {
    const api = answering(() => image(PNG));
    const services = await signedIn(api.fetch);
    // Only file reads count: the session's own background calls (notifications, preferences) go on.
    const fileReads = (): number => api.seen.filter((request) => request.url.includes('/file/')).length;
    for (const params of [{ id: 0 }, { id: -5 }, { id: 2.5 }, { id: 2_147_483_648 }, { id: 'abc' }, {}]) {
      expect(await services.router.handle(IPC_CHANNELS.call, readFile(params), trusted)).toMatchObject({
        ok: false,
        error: { kind: 'invalid', status: 0 },
      });
    }
    for (const payload of [
      { name: 'leadFile', input: { params: { id: 7 }, url: 'https://evil.example/' } },
      { name: 'leadFile', input: { params: { id: 7 } }, token: 'x' },
      null,
    ]) {
      await expect(services.router.handle(IPC_CHANNELS.call, payload, trusted)).rejects.toBeInstanceOf(
        IpcRejection,
      );
    }
    await expect(
      services.router.handle(IPC_CHANNELS.call, readFile({ id: 7 }), {
        frameUrl: 'https://evil.example/',
        isMainFrame: true,
      }),
    ).rejects.toBeInstanceOf(IpcRejection);
    expect(fileReads()).toBe(0);
  });
});
