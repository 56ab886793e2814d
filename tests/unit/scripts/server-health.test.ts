import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isPortFree, waitForHealth } from '../../../scripts/lib/server-health';

let server: Server | undefined;

async function listen(status: number): Promise<number> {
  server = createServer((_request, response) => response.writeHead(status).end());
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe('isPortFree', () => {
  it('says a port another program listens on is taken', async () => {
    const port = await listen(200);
    expect(await isPortFree(port, '127.0.0.1')).toBe(false);
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    expect(await isPortFree(port, '127.0.0.1')).toBe(true);
  });
});

describe('waitForHealth', () => {
  it('resolves once the address answers 2xx', async () => {
    const port = await listen(200);
    await expect(
      waitForHealth(`http://127.0.0.1:${port}/api/health`, () => null, 5_000),
    ).resolves.toBeUndefined();
  });

  it('gives up when the server process has ended', async () => {
    const port = await listen(503);
    await expect(waitForHealth(`http://127.0.0.1:${port}/api/health`, () => 3, 5_000)).rejects.toThrow(
      'server exited with code 3',
    );
  });

  it('gives up after its time when the answer stays an error', async () => {
    const port = await listen(503);
    await expect(waitForHealth(`http://127.0.0.1:${port}/api/health`, () => null, 600)).rejects.toThrow(
      'did not answer within 600 ms',
    );
  });
});
