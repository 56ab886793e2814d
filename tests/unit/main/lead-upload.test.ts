import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../src/shared/contract';
import { messages } from '../../../src/shared/i18n/messages';
import { IPC_CHANNELS } from '../../../src/shared/ipc-channels';
import { checkLeadUpload, sendLeadUpload } from '../../../src/shared/lead-upload';
import { IpcRejection } from '../../../src/main/ipc-router';
import { createLeadUploader } from '../../../src/main/lead-upload';
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

const input = {
  leadId: 5,
  fileCat: 2,
  files: [
    { name: 'a.jpg', type: 'image/jpeg', data: JPEG.slice().buffer },
    { name: 'C:\\Users\\ayse\\b.png', type: 'image/png', data: PNG.slice().buffer },
  ],
};

describe('lead image upload (POST /upload/{leadId}, multipart)', () => {
  it('posts fileCat and every image under images with the token, no redirects', async () => {
    const api = fakeApi(ok);
    const result = await sendLeadUpload({
      apiBase: 'http://crm.test/api/',
      token: TOKEN,
      fetch: api.fetch,
      input,
    });
    expect(result).toEqual({ outcome: { ok: true, count: 2 }, status: 200 });
    const [request] = api.seen;
    expect(request?.url).toBe('http://crm.test/api/upload/5');
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
    expect(checkLeadUpload(empty)).toBe('a.jpg: dosya boş');
    expect(checkLeadUpload({ ...input, fileCat: 0 })).toBe(messages.fileCategoryRequired);
    expect(checkLeadUpload({ ...input, files: [] })).toBe(messages.fileNoneSelected);
    const [first] = input.files;
    if (!first) throw new Error('fixture');
    const many = { ...input, files: Array.from({ length: 11 }, () => first) };
    expect(checkLeadUpload(many)).toBe('Tek seferde en fazla 10 dosya yüklenebilir');
    const big = {
      ...input,
      files: [{ name: 'x.jpg', type: 'image/jpeg', data: new ArrayBuffer(10 * 1024 * 1024 + 1) }],
    };
    expect(checkLeadUpload(big)).toBe('x.jpg: dosya en fazla 10 MB olabilir');
    const result = await sendLeadUpload({
      apiBase: 'http://crm.test/api',
      token: TOKEN,
      fetch: api.fetch,
      input: empty,
    });
    expect(result.outcome).toEqual({ ok: false, message: 'a.jpg: dosya boş' });
    expect(api.seen).toHaveLength(0);
  });

  it("shows the server's refusal (a renamed .exe) and plain texts for other failures", async () => {
    const refused = fakeApi(() => ({
      status: 400,
      json: { success: false, msg: 'virus.jpg: dosya içeriği jpeg veya png resmi değil' },
    }));
    expect(
      (await sendLeadUpload({ apiBase: 'http://crm.test/api', token: TOKEN, fetch: refused.fetch, input }))
        .outcome,
    ).toEqual({ ok: false, message: 'virus.jpg: dosya içeriği jpeg veya png resmi değil' });

    const down = fakeApi(() => 'network-error');
    expect(
      (await sendLeadUpload({ apiBase: 'http://crm.test/api', token: TOKEN, fetch: down.fetch, input }))
        .outcome,
    ).toEqual({ ok: false, message: messages.crmAccessProblem });

    const foreign = fakeApi(() => ({ status: 200, json: { hello: 'world' } }));
    expect(
      (await sendLeadUpload({ apiBase: 'http://crm.test/api', token: TOKEN, fetch: foreign.fetch, input }))
        .outcome,
    ).toEqual({ ok: false, message: messages.crmNotFound });

    const expired = fakeApi(() => ({ status: 401, json: { success: false, msg: messages.sessionExpired } }));
    expect(
      await sendLeadUpload({ apiBase: 'http://crm.test/api', token: TOKEN, fetch: expired.fetch, input }),
    ).toEqual({
      outcome: { ok: false, message: messages.sessionExpired },
      status: 401,
    });
  });
});

describe('desktop uploader (main process)', () => {
  it('sends with the vault token, accepts typed arrays from IPC, and re-validates on 401', async () => {
    const api = fakeApi(ok);
    let unauthorized = 0;
    const uploader = createLeadUploader({
      apiBase: async () => 'http://crm.test/api',
      token: async () => TOKEN,
      fetch: api.fetch,
      onUnauthorized: () => {
        unauthorized += 1;
      },
    });
    const outcome = await uploader.uploadLeadImages({
      leadId: 5,
      fileCat: 2,
      // A view into a bigger buffer: only its own bytes may be sent.
      files: [{ name: 'a.jpg', type: 'image/jpeg', data: new Uint8Array([9, 9, ...JPEG, 9]).subarray(2, 9) }],
    });
    expect(outcome).toEqual({ ok: true, count: 2 });
    const sent = api.seen[0]?.form?.get('images') as File;
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(JPEG);
    expect(unauthorized).toBe(0);

    const expired = fakeApi(() => ({ status: 401, json: { success: false, msg: messages.sessionExpired } }));
    const refused = createLeadUploader({
      apiBase: async () => 'http://crm.test/api',
      token: async () => TOKEN,
      fetch: expired.fetch,
      onUnauthorized: () => {
        unauthorized += 1;
      },
    });
    expect(await refused.uploadLeadImages(input)).toEqual({ ok: false, message: messages.sessionExpired });
    expect(unauthorized).toBe(1);
  });

  it('needs a server and a session', async () => {
    const api = fakeApi(ok);
    const noServer = createLeadUploader({
      apiBase: async () => null,
      token: async () => TOKEN,
      fetch: api.fetch,
    });
    expect(await noServer.uploadLeadImages(input)).toEqual({ ok: false, message: messages.crmAccessProblem });
    const noSession = createLeadUploader({
      apiBase: async () => 'http://crm.test/api',
      token: async () => null,
      fetch: api.fetch,
    });
    expect(await noSession.uploadLeadImages(input)).toEqual({ ok: false, message: messages.sessionExpired });
    expect(api.seen).toHaveLength(0);
  });

  it('is reached through its own IPC channel, which checks the payload first', async () => {
    const api = fakeApi((request) =>
      request.url.endsWith('/auth/login')
        ? { status: 200, json: { success: true, token: TOKEN, msg: messages.loginSuccess } }
        : request.url.endsWith('/auth/validate')
          ? {
              status: 200,
              json: {
                success: true,
                data: { userName: 'Mehmet Öz', userId: 3, telegram_id: null, theme: null, dahili: null },
              },
            }
          : ok(),
    );
    const services = createRemoteMainServices(api.fetch);
    const channel = IPC_CHANNELS.uploadLeadImages;
    await services.router.handle(
      IPC_CHANNELS.login,
      { email: 'mehmet@firma.com', password: 'şifre', remember: false },
      trusted,
    );
    expect(await services.router.handle(channel, input, trusted)).toEqual({ ok: true, count: 2 });
    const upload = api.seen.find((request) => request.url.endsWith('/upload/5'));
    expect(upload?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);

    await expect(
      services.router.handle(
        channel,
        { ...input, files: [{ name: 'a.jpg', type: 'image/jpeg', data: 'AAAA' }] },
        trusted,
      ),
    ).rejects.toBeInstanceOf(IpcRejection);
    await expect(services.router.handle(channel, { ...input, token: 'x' }, trusted)).rejects.toBeInstanceOf(
      IpcRejection,
    );
    await expect(
      services.router.handle(channel, input, { frameUrl: 'https://evil.example/', isMainFrame: true }),
    ).rejects.toBeInstanceOf(IpcRejection);
  });
});
