import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/i18n/messages';
import { createTestWebBridge } from './web-bridge-fixture';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

function setup(respond: (url: string) => Response) {
  const { bridge, requests, persistent } = createTestWebBridge((url) => respond(url));
  const expired: string[] = [];
  bridge.on('sessionExpired', ({ reason }) => expired.push(reason));
  return { bridge, requests, persistent, expired };
}

describe('web bridge: the leadFile call', () => {
  it('fetches GET /file/{id} with the stored token, no redirects, and answers the bytes', async () => {
    const { bridge, requests } = setup(
      () => new Response(JPEG.slice(), { headers: { 'Content-Type': 'image/jpeg' } }),
    );
    const outcome = await bridge.call('leadFile', { params: { id: 12 } });
    expect(requests[0]?.url).toBe('https://crm.firma.com/api/file/12');
    expect(new Headers(requests[0]?.init.headers).get('authorization')).toBe('Bearer tok-web');
    expect(requests[0]?.init.redirect).toBe('error');
    if (!outcome.ok) throw new Error('expected the image');
    expect(outcome.data.mime).toBe('image/jpeg');
    expect(outcome.data.data).toEqual(JPEG);
  });

  it('ends the session on 401 and shows the refusal of a hidden lead', async () => {
    const expiredSetup = setup(
      () => new Response(JSON.stringify({ success: false, msg: 'x' }), { status: 401 }),
    );
    expect(await expiredSetup.bridge.call('leadFile', { params: { id: 12 } })).toEqual({
      ok: false,
      error: { kind: 'unauthorized', status: 401, message: messages.sessionExpired },
    });
    expect(expiredSetup.persistent.getItem('authToken')).toBeNull();
    expect(expiredSetup.expired).toEqual([messages.sessionExpired]);

    const hidden = setup(
      () => new Response(JSON.stringify({ success: false, msg: messages.recordNotFound }), { status: 404 }),
    );
    expect(await hidden.bridge.call('leadFile', { params: { id: 12 } })).toEqual({
      ok: false,
      error: { kind: 'not_found', status: 404, message: messages.recordNotFound },
    });
    expect(hidden.expired).toEqual([]);
  });
});
