import { createHash } from 'node:crypto';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DigestTransform } from 'builder-util-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopTexts } from '../../../src/shared/i18n/desktop-texts';
import { classifyUpdateError, updateErrorMessage } from '../../../src/main/updater/update-errors';

// electron-updater checks every download with builder-util-runtime's DigestTransform against the sha512
// of latest*.yml. Here an update feed stand-in serves a file that is not the one the feed describes, and
// the error that check really throws must read as a refused update in Turkish.
const published = Buffer.from('crm-desktop-0.2.0-setup.exe as published');
const tampered = Buffer.from('crm-desktop-0.2.0-setup.exe with something added');
const sha512 = (bytes: Buffer): string => createHash('sha512').update(bytes).digest('base64');

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    response.end(request.url === '/tampered.exe' ? tampered : published);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function download(path: string, expectedSha512: string): Promise<void> {
  const response = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    get(`${base}${path}`, resolve).on('error', reject),
  );
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(response, new DigestTransform(expectedSha512), sink);
}

describe('a download that is not what the feed published', () => {
  it('passes when the file matches the sha512 of latest.yml', async () => {
    await expect(download('/setup.exe', sha512(published))).resolves.toBeUndefined();
  });

  it('is refused, and the user is told why', async () => {
    const error = await download('/tampered.exe', sha512(published)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(classifyUpdateError(error)).toBe('integrity');
    expect(updateErrorMessage(error)).toBe(desktopTexts.updateSignatureRejected);
  });
});
