import { describe, expect, it } from 'vitest';
import {
  checkCallInput,
  contract,
  sendCall,
  type CallOutcome,
  type FetchLike,
  type OutgoingFile,
} from '../../../src/shared/contract';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS } from '../../../src/shared/ipc-channels';
import { createMemoryStore } from '../../../src/main/key-value-store';
import { IpcRejection } from '../../../src/main/ipc-router';
import { createRemoteMainServices, trustedSender } from './main-services-fixture';

const TOKEN = 'tok-SECRET-upload-31';
const trusted = trustedSender('#/leadDetail/5');
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 4, 5]);

type Seen = {
  url: string;
  method: string;
  headers: Headers;
  form: FormData | null;
  redirect?: RequestRedirect;
};

const leadFile = (id: number, name: string) => ({
  id,
  lead_id: 5,
  file_name: name,
  mime: 'image/jpeg',
  size: 7,
  agent_id: 3,
  agent_name: 'Mehmet Öz',
  file_category_id: 2,
  file_category: 'Kimlik',
  created_at: '2026-02-01 10:00:00',
  url: `/file/${id}`,
});

function fakeApi(answer: (seen: Seen) => { status: number; json: unknown } | 'network-error'): {
  fetch: FetchLike;
  seen: Seen[];
} {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (url, init) => {
    const request: Seen = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      form: init.body instanceof FormData ? init.body : null,
      redirect: init.redirect,
    };
    seen.push(request);
    const reply = answer(request);
    if (reply === 'network-error') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.json), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, seen };
}

const ok = () => ({
  status: 200,
  json: { success: true, msg: '2 dosya yüklendi', results: [leadFile(1, 'a.jpg'), leadFile(2, 'b.png')] },
});

const files: OutgoingFile[] = [
  { name: 'a.jpg', type: 'image/jpeg', data: JPEG.slice().buffer },
  { name: 'C:\\Users\\ayse\\b.png', type: 'image/png', data: PNG.slice().buffer },
];
const input = { params: { leadId: 5 }, body: { fileCat: 2 }, files };

/** The upload call through the shared client, as the web bridge and the main process send it. */
const upload = (fetch: FetchLike, sent: typeof input = input, baseUrl = 'https://crm.test/api') =>
  sendCall(contract.uploadLeadFiles, sent, { baseUrl, fetch, getToken: () => TOKEN });

/** What the agent reads of a failed call, or how many files were stored. */
function shown(
  outcome: CallOutcome<{ results: unknown[] }>,
): { ok: true; count: number } | { ok: false; message: string } {
  return outcome.ok
    ? { ok: true, count: outcome.data.results.length }
    : { ok: false, message: outcome.error.message };
}

const refusalOf = (sent: typeof input): string | null =>
  checkCallInput(contract.uploadLeadFiles, sent)?.message ?? null;

describe('lead image upload (POST /upload/{leadId}, multipart)', () => {
  it('posts fileCat and every image under images with the token, no redirects', async () => {
    const api = fakeApi(ok);
    const outcome = await upload(api.fetch, input, 'https://crm.test/api/');
    expect(shown(outcome)).toEqual({ ok: true, count: 2 });
    const [request] = api.seen;
    expect(request?.url).toBe('https://crm.test/api/upload/5');
    expect(request?.method).toBe('POST');
    expect(request?.redirect).toBe('error');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    // fetch writes the multipart boundary itself.
    expect(request?.headers.get('content-type')).toBeNull();
    expect(request?.form?.get('fileCat')).toBe('2');
    const images = request?.form?.getAll('images') ?? [];
    expect(images).toHaveLength(2);
    const [first, second] = images as File[];
    expect(first?.name).toBe('a.jpg');
    expect(first?.type).toBe('image/jpeg');
    expect(new Uint8Array(await (first as File).arrayBuffer())).toEqual(JPEG);
    // Only the base name of a path leaves the machine.
    expect(second?.name).toBe('b.png');
  });

  it('checks the limits before sending anything', async () => {
    const api = fakeApi(ok);
    const empty = { ...input, files: [{ name: 'a.jpg', type: 'image/jpeg', data: new ArrayBuffer(0) }] };
    expect(refusalOf(empty)).toBe('a.jpg: dosya boş');
    expect(refusalOf({ ...input, body: { fileCat: 0 } })).toBe(messages.fileCategoryRequired);
    expect(refusalOf({ ...input, files: [] })).toBe(messages.fileNoneSelected);
    const [first] = input.files;
    if (!first) throw new Error('fixture');
    const many = { ...input, files: Array.from({ length: 11 }, () => first) };
    expect(refusalOf(many)).toBe('Tek seferde en fazla 10 dosya yüklenebilir');
    const big = {
      ...input,
      files: [{ name: 'x.jpg', type: 'image/jpeg', data: new ArrayBuffer(10 * 1024 * 1024 + 1) }],
    };
    expect(refusalOf(big)).toBe('x.jpg: dosya en fazla 10 MB olabilir');
    expect(shown(await upload(api.fetch, empty))).toEqual({ ok: false, message: 'a.jpg: dosya boş' });
    expect(api.seen).toHaveLength(0);
  });

  it("shows the server's refusal (a renamed .exe) and plain texts for other failures", async () => {
    const refused = fakeApi(() => ({
      status: 400,
      json: { success: false, msg: 'virus.jpg: dosya içeriği jpeg veya png resmi değil' },
    }));
    expect(shown(await upload(refused.fetch))).toEqual({
      ok: false,
      message: 'virus.jpg: dosya içeriği jpeg veya png resmi değil',
    });

    const down = fakeApi(() => 'network-error');
    expect(shown(await upload(down.fetch))).toEqual({ ok: false, message: messages.crmAccessProblem });

    const foreign = fakeApi(() => ({ status: 200, json: { hello: 'world' } }));
    expect(shown(await upload(foreign.fetch))).toEqual({ ok: false, message: messages.crmNotFound });

    const expired = fakeApi(() => ({ status: 401, json: { success: false, msg: messages.sessionExpired } }));
    expect(await upload(expired.fetch)).toEqual({
      ok: false,
      error: { kind: 'unauthorized', status: 401, message: messages.sessionExpired },
    });

    // A proxy's own page in front of the API: the upload's plain text, not "no CRM here".
    const proxy = fakeApi(() => ({ status: 413, json: '<html>Request Entity Too Large</html>' }));
    expect(shown(await upload(proxy.fetch))).toEqual({ ok: false, message: messages.operationFailed });
  });
});

describe('desktop upload (main process, through the call channel)', () => {
  const validated = {
    status: 200,
    json: {
      success: true,
      data: { userName: 'Mehmet Öz', userId: 3, telegram_id: null, theme: null, dahili: null },
    },
  };
  const answering = (upload: () => { status: number; json: unknown }) =>
    fakeApi((request) =>
      request.url.endsWith('/auth/login')
        ? { status: 200, json: { success: true, token: TOKEN, msg: messages.loginSuccess } }
        : request.url.endsWith('/auth/validate')
          ? validated
          : upload(),
    );
  const signedIn = async (fetch: FetchLike) => {
    const services = createRemoteMainServices(fetch);
    await services.router.handle(
      IPC_CHANNELS.login,
      { email: 'mehmet@firma.com', password: 'şifre', remember: false },
      trusted,
    );
    return services;
  };
  const call = (sent: unknown) => ({ name: 'uploadLeadFiles', input: sent });

  it('sends with the vault token, accepts typed arrays from IPC, and ends the session on 401', async () => {
    const api = answering(ok);
    const services = await signedIn(api.fetch);
    const outcome = (await services.router.handle(
      IPC_CHANNELS.call,
      call({
        ...input,
        // A view into a bigger buffer: only its own bytes may be sent.
        files: [
          { name: 'a.jpg', type: 'image/jpeg', data: new Uint8Array([9, 9, ...JPEG, 9]).subarray(2, 9) },
        ],
      }),
      trusted,
    )) as CallOutcome<{ results: unknown[] }>;
    expect(shown(outcome)).toEqual({ ok: true, count: 2 });
    const sent = api.seen.find((request) => request.url.endsWith('/upload/5'));
    expect(sent?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(new Uint8Array(await (sent?.form?.get('images') as File).arrayBuffer())).toEqual(JPEG);
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);

    const expiredApi = answering(() => ({
      status: 401,
      json: { success: false, msg: messages.sessionExpired },
    }));
    const expired = await signedIn(expiredApi.fetch);
    const refused = (await expired.router.handle(IPC_CHANNELS.call, call(input), trusted)) as CallOutcome<{
      results: unknown[];
    }>;
    expect(shown(refused)).toEqual({ ok: false, message: messages.sessionExpired });
    expect((await expired.session.status()).authenticated).toBe(false);
  });

  it('needs a server and a session', async () => {
    const api = fakeApi(ok);
    const noServer = createRemoteMainServices(api.fetch, { store: createMemoryStore() });
    await noServer.vault.save(TOKEN, false);
    expect(
      shown((await noServer.router.handle(IPC_CHANNELS.call, call(input), trusted)) as CallOutcome<never>),
    ).toEqual({
      ok: false,
      message: messages.crmAccessProblem,
    });
    const noSession = createRemoteMainServices(api.fetch);
    expect(
      shown((await noSession.router.handle(IPC_CHANNELS.call, call(input), trusted)) as CallOutcome<never>),
    ).toEqual({
      ok: false,
      message: messages.sessionExpired,
    });
    expect(api.seen).toHaveLength(0);
  });

  it('checks the message first: the envelope, the sender and the limits of the call', async () => {
    const api = answering(ok);
    const services = await signedIn(api.fetch);
    const uploads = (): number => api.seen.filter((request) => request.url.includes('/upload/')).length;
    await expect(
      services.router.handle(
        IPC_CHANNELS.call,
        call({ ...input, files: [{ name: 'a.jpg', type: 'image/jpeg', data: 'AAAA' }] }),
        trusted,
      ),
    ).rejects.toBeInstanceOf(IpcRejection);
    await expect(
      services.router.handle(IPC_CHANNELS.call, call({ ...input, token: 'x' }), trusted),
    ).rejects.toBeInstanceOf(IpcRejection);
    await expect(
      services.router.handle(
        IPC_CHANNELS.call,
        call({ ...input, files: [{ ...files[0], data: JPEG, extra: 1 }] }),
        trusted,
      ),
    ).rejects.toBeInstanceOf(IpcRejection);
    await expect(
      services.router.handle(IPC_CHANNELS.call, call(input), {
        frameUrl: 'https://evil.example/',
        isMainFrame: true,
      }),
    ).rejects.toBeInstanceOf(IpcRejection);
    // Within the envelope, the call's own limits answer in Turkish, before anything is sent.
    const empty = call({ ...input, files: [{ name: 'a.jpg', type: 'image/jpeg', data: new Uint8Array(0) }] });
    expect(await services.router.handle(IPC_CHANNELS.call, empty, trusted)).toEqual({
      ok: false,
      error: { kind: 'invalid', status: 0, message: 'a.jpg: dosya boş' },
    });
    expect(uploads()).toBe(0);
  });
});
