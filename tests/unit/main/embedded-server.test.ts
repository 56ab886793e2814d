import { fork as nodeFork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createEmbeddedServerLauncher,
  type EmbeddedChild,
  type ForkEmbedded,
} from '../../../src/main/embedded-server';
import { createLogSpy } from './fakes';

class FakeChild extends EventEmitter implements EmbeddedChild {
  killed = false;
  kill(): boolean {
    this.killed = true;
    return true;
  }
  send(message: unknown): void {
    this.emit('message', message);
  }
}

function fakeFork() {
  const forks: { entryPath: string; env: Record<string, string>; child: FakeChild }[] = [];
  const fork: ForkEmbedded = (entryPath, env) => {
    const child = new FakeChild();
    forks.push({ entryPath, env, child });
    return child;
  };
  const last = (): FakeChild => {
    const entry = forks.at(-1);
    if (!entry) throw new Error('not forked');
    return entry.child;
  };
  return { fork, forks, last };
}

function launcher(fork: ForkEmbedded, timeoutMs = 1_000) {
  return createEmbeddedServerLauncher({
    fork,
    entryPath: '/app/out/main/embedded.js',
    dataDir: '/home/ayse/.config/crm/embedded-data',
    timeoutMs,
    log: createLogSpy().log,
  });
}

describe('embedded server launcher', () => {
  it('forks the entry with the data folder and answers the API base from the ready message', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork);

    const started = server.start();
    fake.last().send({ type: 'ready', apiBase: 'http://127.0.0.1:41234/api/' });

    expect(await started).toBe('http://127.0.0.1:41234/api');
    expect(server.apiBase()).toBe('http://127.0.0.1:41234/api');
    expect(fake.forks).toHaveLength(1);
    expect(fake.forks[0]).toMatchObject({
      entryPath: '/app/out/main/embedded.js',
      env: { CRM_DATA_DIR: '/home/ayse/.config/crm/embedded-data' },
    });
  });

  it('gives the server a secret of this launch, sends it only to the embedded server, and tells the first password once', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork);
    const started = server.start();
    const secret = fake.forks[0]?.env.CRM_EMBEDDED_SECRET ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    fake
      .last()
      .send({ type: 'ready', apiBase: 'http://127.0.0.1:41234/api', firstPassword: 'Bir.Kez.Gosterilen1' });
    await started;
    expect(server.headersFor('http://127.0.0.1:41234/api/auth/login')).toEqual({
      'x-crm-embedded-secret': secret,
    });
    expect(server.headersFor('http://127.0.0.1:41235/api/auth/login')).toEqual({});
    expect(server.headersFor('https://crm.firma.com.tr/api/auth/login')).toEqual({});
    expect(server.takeFirstPassword()).toBe('Bir.Kez.Gosterilen1');
    expect(server.takeFirstPassword()).toBeNull();
    // Another launch of the app makes another secret.
    const other = fakeFork();
    void launcher(other.fork)
      .start()
      .catch(() => undefined);
    expect(other.forks[0]?.env.CRM_EMBEDDED_SECRET).not.toBe(secret);
  });

  it('shares one start between callers', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork);
    const first = server.start();
    const second = server.start();
    fake.last().send({ type: 'ready', apiBase: 'http://127.0.0.1:5000/api' });
    expect(await Promise.all([first, second])).toEqual([
      'http://127.0.0.1:5000/api',
      'http://127.0.0.1:5000/api',
    ]);
    expect(fake.forks).toHaveLength(1);
  });

  it('ignores messages that are not of the protocol', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork);
    const started = server.start();
    fake.last().send('hello');
    fake.last().send({ type: 'ready', apiBase: 'javascript:alert(1)' });
    fake.last().send({ type: 'ready', apiBase: 'http://127.0.0.1:5001/api' });
    expect(await started).toBe('http://127.0.0.1:5001/api');
  });

  it('rejects with the child error, kills it, and forks again on the next start', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork);

    const failed = server.start();
    fake.last().send({ type: 'error', message: 'EACCES: veri klasörü yazılamıyor' });
    await expect(failed).rejects.toThrow('EACCES');
    expect(fake.forks[0]?.child.killed).toBe(true);
    expect(server.apiBase()).toBeNull();
    expect(server.running()).toBeNull();

    const retry = server.start();
    fake.last().send({ type: 'ready', apiBase: 'http://127.0.0.1:5002/api' });
    expect(await retry).toBe('http://127.0.0.1:5002/api');
    expect(fake.forks).toHaveLength(2);
  });

  it('rejects when the child exits before it is ready', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork);
    const started = server.start();
    fake.last().emit('exit', 1);
    await expect(started).rejects.toThrow('exited with code 1');
  });

  it('rejects and kills the child after the timeout', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork, 50);
    await expect(server.start()).rejects.toThrow('no answer within 50 ms');
    expect(fake.last().killed).toBe(true);
  });

  it('rejects when fork itself throws', async () => {
    const server = launcher(() => {
      throw new Error('spawn ENOENT');
    });
    await expect(server.start()).rejects.toThrow('spawn ENOENT');
  });

  it('stop() kills the running server and forgets its address', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork);
    const started = server.start();
    fake.last().send({ type: 'ready', apiBase: 'http://127.0.0.1:5003/api' });
    await started;
    server.stop();
    expect(fake.last().killed).toBe(true);
    expect(server.apiBase()).toBeNull();
    expect(server.running()).toBeNull();
  });

  it('forgets a server that crashes after start, so the next start forks a fresh one', async () => {
    const fake = fakeFork();
    const server = launcher(fake.fork);
    const started = server.start();
    fake.last().send({ type: 'ready', apiBase: 'http://127.0.0.1:5004/api' });
    await started;
    fake.last().emit('exit', 134);
    expect(server.apiBase()).toBeNull();
    void server.start();
    expect(fake.forks).toHaveLength(2);
    server.stop();
  });

  it("works with Node's child_process.fork as the child", async () => {
    const fixture = fileURLToPath(new URL('./fixtures/ready-child.mjs', import.meta.url));
    const server = createEmbeddedServerLauncher({
      fork: (entryPath, env) => nodeFork(entryPath, [], { env: { ...process.env, ...env }, stdio: 'ignore' }),
      entryPath: fixture,
      dataDir: '/tmp/crm-embedded-test',
      timeoutMs: 10_000,
      log: createLogSpy().log,
    });
    try {
      // The fixture echoes the data folder it was given as its port-less "address" path.
      expect(await server.start()).toBe('http://127.0.0.1:9/api/tmp/crm-embedded-test');
    } finally {
      server.stop();
    }
  });
});
