import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../src/shared/contract';
import { desktopTexts } from '../../../src/shared/i18n/desktop-texts';
import { messages } from '../../../src/shared/i18n/messages';
import {
  candidateApiBases,
  checkCrmAddress,
  isSecureCrmAddress,
  normalizeCrmAddress,
} from '../../../src/main/server-check';

/** A real HTTP server: /api speaks this API, /site is an ordinary web site, /slow never answers. */
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/api/auth/validate') {
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: false, msg: 'Yetkisiz' }));
      return;
    }
    if (request.url === '/slow/auth/validate') return;
    if (request.url === '/moved/auth/validate') {
      response.writeHead(307, { Location: '/api/auth/validate' });
      response.end();
      return;
    }
    if (request.url?.startsWith('/site/')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Şirket</title><p>Merhaba</p>');
      return;
    }
    // Like our server: any other route is a JSON 404 with the error answer shape.
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ success: false, msg: 'İstenen adres bulunamadı' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('normalizeCrmAddress', () => {
  it('keeps http(s) addresses without trailing slash, query or fragment', () => {
    expect(normalizeCrmAddress(' https://crm.firma.com/api/ ')).toBe('https://crm.firma.com/api');
    expect(normalizeCrmAddress('http://10.0.0.5:8080/?x=1#y')).toBe('http://10.0.0.5:8080');
    expect(normalizeCrmAddress('crm.firma.com')).toBe('https://crm.firma.com');
  });

  it('refuses other schemes, credentials and nonsense', () => {
    for (const input of [
      'ftp://crm.firma.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://u:p@crm.firma.com',
      '',
      'http://',
    ]) {
      expect(normalizeCrmAddress(input)).toBeNull();
    }
  });

  it('tries /api after the address as given', () => {
    expect(candidateApiBases('https://crm.firma.com')).toEqual([
      'https://crm.firma.com',
      'https://crm.firma.com/api',
    ]);
    expect(candidateApiBases('https://crm.firma.com/api')).toEqual(['https://crm.firma.com/api']);
  });
});

describe('checkCrmAddress against a real HTTP server', () => {
  it('accepts the API base of a server of this API', async () => {
    expect(await checkCrmAddress(`${origin}/api`, fetch)).toEqual({ ok: true, apiBase: `${origin}/api` });
  });

  it('accepts the site address and finds the API under /api (the root answers a JSON 404)', async () => {
    expect(await checkCrmAddress(`${origin}/`, fetch)).toEqual({ ok: true, apiBase: `${origin}/api` });
  });

  it('follows a redirect and keeps the address that answered', async () => {
    expect(await checkCrmAddress(`${origin}/moved`, fetch)).toEqual({ ok: true, apiBase: `${origin}/api` });
  });

  it('refuses an address whose /auth/validate is a JSON 404', async () => {
    expect(await checkCrmAddress(`${origin}/api/api`, fetch)).toEqual({
      ok: false,
      message: messages.crmNotFound,
    });
  });

  it('says an HTML page is not a CRM', async () => {
    expect(await checkCrmAddress(`${origin}/site`, fetch)).toEqual({
      ok: false,
      message: messages.crmNotFound,
    });
  });

  it('says a closed port is not a CRM', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await checkCrmAddress(`http://127.0.0.1:${port}`, fetch)).toEqual({
      ok: false,
      message: 'Bu adreste kayıtlı bir CRM bulunamadı',
    });
  });

  it('gives up on a server that does not answer in time', async () => {
    const started = Date.now();
    expect(await checkCrmAddress(`${origin}/slow/`, fetch, 200)).toEqual({
      ok: false,
      message: messages.crmNotFound,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a non-http address without any request', async () => {
    let called = false;
    const result = await checkCrmAddress('file:///etc/passwd', async () => {
      called = true;
      return new Response('{}');
    });
    expect(result).toEqual({ ok: false, message: messages.crmNotFound });
    expect(called).toBe(false);
  });
});

describe('an address the password may travel to', () => {
  const answering: FetchLike = async () =>
    new Response(JSON.stringify({ success: false, msg: 'x' }), { status: 401 });

  it('is https, or plain http only to this machine', async () => {
    expect(isSecureCrmAddress('https://crm.firma.com.tr/api')).toBe(true);
    expect(isSecureCrmAddress('http://127.0.0.1:8080/api')).toBe(true);
    expect(isSecureCrmAddress('http://localhost:8080')).toBe(true);
    expect(isSecureCrmAddress('http://crm.firma.local/api')).toBe(false);
    expect(isSecureCrmAddress('http://crm.firma.local/api', true)).toBe(true);
    expect(await checkCrmAddress('http://crm.firma.local', answering)).toEqual({
      ok: false,
      message: desktopTexts.serverMustBeHttps,
    });
    expect(await checkCrmAddress('http://crm.firma.local', answering, 1000, true)).toMatchObject({
      ok: true,
    });
    expect(await checkCrmAddress('crm.firma.com.tr', answering)).toEqual({
      ok: true,
      apiBase: 'https://crm.firma.com.tr',
    });
  });
});
