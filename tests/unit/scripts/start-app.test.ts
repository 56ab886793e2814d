import { describe, expect, it, vi, type Mock } from 'vitest';
import type { OpenCommand } from '../../../scripts/lib/browser-opener';
import type { ElectronBinary } from '../../../scripts/lib/electron-binary';
import { runStart, type ServerProcess, type StartDeps } from '../../../scripts/lib/start-app';
import { startMessages } from '../../../scripts/lib/start-messages';

const MISSING: ElectronBinary = { found: false, looked: '/repo/node_modules/electron/path.txt' };
const PRESENT: ElectronBinary = { found: true, path: '/repo/node_modules/electron/dist/electron' };
const OPENER: OpenCommand = { command: 'xdg-open', args: ['http://127.0.0.1:8080'] };

function fakeServer(exitCode = 0): ServerProcess & { stop: Mock<() => void> } {
  return { exitCode: () => null, exited: Promise.resolve(exitCode), stop: vi.fn<() => void>() };
}

function deps(overrides: Partial<StartDeps> = {}): StartDeps & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    args: [],
    env: {},
    findElectron: () => MISSING,
    hasDisplay: () => true,
    runDesktop: vi.fn(async () => 0),
    ensureWebBuild: vi.fn(async () => 'built' as const),
    webOutDir: 'out/web',
    isPortFree: vi.fn(async () => true),
    startServer: vi.fn(() => fakeServer()),
    waitForHealth: vi.fn(async () => undefined),
    openCommand: vi.fn(() => OPENER),
    open: vi.fn(),
    print: (line) => lines.push(line),
    ...overrides,
  };
}

describe('runStart', () => {
  it('runs the desktop app where Electron and a display are there, and nothing else', async () => {
    const d = deps({ findElectron: () => PRESENT, runDesktop: vi.fn(async () => 7) });
    expect(await runStart(d)).toBe(7);
    expect(d.runDesktop).toHaveBeenCalledOnce();
    expect(d.startServer).not.toHaveBeenCalled();
    expect(d.lines).toEqual([]);
  });

  it('without the Electron binary: one line why, build, embedded server, URL printed and opened', async () => {
    const d = deps({ env: { DATA_DIR: './data' } });
    expect(await runStart(d)).toBe(0);
    expect(d.runDesktop).not.toHaveBeenCalled();
    expect(d.lines[0]).toBe(startMessages.electronMissing(MISSING.looked));
    expect(d.isPortFree).toHaveBeenCalledWith(8080, '127.0.0.1');
    expect(d.ensureWebBuild).toHaveBeenCalledOnce();
    expect(d.startServer).toHaveBeenCalledWith({ DATA_DIR: './data', PORT: '8080', HOST: '127.0.0.1' });
    expect(d.waitForHealth).toHaveBeenCalledWith('http://127.0.0.1:8080/api/health', expect.any(Function));
    expect(d.openCommand).toHaveBeenCalledWith('http://127.0.0.1:8080');
    expect(d.open).toHaveBeenCalledWith(OPENER);
    expect(d.lines).toContain(startMessages.ready('http://127.0.0.1:8080'));
    expect(d.lines).toContain(startMessages.webBuilt('out/web'));
  });

  it('says when the web edition was current, and prints the URL when no browser can be opened', async () => {
    const d = deps({
      env: { PORT: '9090', HOST: '0.0.0.0' },
      ensureWebBuild: vi.fn(async () => 'current' as const),
      openCommand: () => null,
    });
    expect(await runStart(d)).toBe(0);
    expect(d.open).not.toHaveBeenCalled();
    expect(d.lines).toContain(startMessages.webCurrent('out/web'));
    expect(d.lines.at(-1)).toBe(startMessages.noBrowser('http://127.0.0.1:9090'));
  });

  it('starts the browser edition without a display, or when asked with --web', async () => {
    const headless = deps({ findElectron: () => PRESENT, hasDisplay: () => false });
    await runStart(headless);
    expect(headless.lines[0]).toBe(startMessages.noDisplay);
    expect(headless.runDesktop).not.toHaveBeenCalled();

    const asked = deps({ args: ['--web'], findElectron: () => PRESENT });
    await runStart(asked);
    expect(asked.lines[0]).toBe(startMessages.webRequested);
    expect(asked.startServer).toHaveBeenCalledOnce();
  });

  it('stops with one clear line when the port is taken, before building anything', async () => {
    const d = deps({ isPortFree: vi.fn(async () => false) });
    expect(await runStart(d)).toBe(1);
    expect(d.lines.at(-1)).toBe(startMessages.portTaken(8080));
    expect(d.ensureWebBuild).not.toHaveBeenCalled();
    expect(d.startServer).not.toHaveBeenCalled();
  });

  it('refuses a PORT that is not a port', async () => {
    const d = deps({ env: { PORT: 'http' } });
    expect(await runStart(d)).toBe(1);
    expect(d.lines.at(-1)).toBe(startMessages.invalidPort('http'));
  });

  it('stops the server and fails when it never answers', async () => {
    const server = fakeServer(0);
    const d = deps({
      startServer: () => server,
      waitForHealth: vi.fn(async () => {
        throw new Error('server exited with code 1');
      }),
    });
    expect(await runStart(d)).toBe(1);
    expect(server.stop).toHaveBeenCalledOnce();
    expect(d.lines.at(-1)).toBe(startMessages.serverFailed('server exited with code 1'));
    expect(d.open).not.toHaveBeenCalled();
  });
});
