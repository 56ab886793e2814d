import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { findApp, NO_APP_MESSAGE } from './find-app';

const app = findApp();
if (!app) console.warn(NO_APP_MESSAGE);

/** The tests below run only when `app` was found (test.skip), and after beforeEach launched it. */
function present<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is missing`);
  return value;
}

test.describe('installed app (see docs/it-deployment.md)', () => {
  test.skip(app === null, NO_APP_MESSAGE);

  let running: ElectronApplication | null = null;
  let home = '';

  /** A profile of its own, so the test neither sees nor changes the machine's settings. */
  const env = (): Record<string, string> => ({
    ...(process.env as Record<string, string>),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    APPDATA: join(home, 'AppData'),
    CRM_UPDATE_URL: 'http://127.0.0.1:9/feed',
  });

  test.beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'crm-electron-'));
    if (!app) return;
    running = await electron.launch({ executablePath: app.executablePath, args: app.args, env: env() });
  });

  test.afterEach(async () => {
    await running?.close();
    running = null;
    rmSync(home, { recursive: true, force: true });
  });

  test('opens one sandboxed window with the bridge and no Node', async () => {
    const page = await present(running, 'the launched app').firstWindow();
    await expect(page).toHaveTitle(/Aracı Kurum CRM/);
    expect(await page.evaluate(() => typeof (window as unknown as { crm?: unknown }).crm)).toBe('object');
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  });

  test('opens no second window for a link outside the allow-list', async () => {
    const page = await present(running, 'the launched app').firstWindow();
    await page.evaluate(() => {
      window.open('https://www.example.com/', '_blank');
    });
    await page.waitForTimeout(1000);
    expect(present(running, 'the launched app').windows()).toHaveLength(1);
  });

  test('a second launch with a deep link hands it over and quits', async () => {
    await present(running, 'the launched app').firstWindow();
    const second = spawn(
      present(app, 'the app').executablePath,
      [...present(app, 'the app').args, 'crm://lead/5'],
      { env: env() },
    );
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(0);
    expect(present(running, 'the launched app').windows()).toHaveLength(1);
  });

  test('the RunAsNode fuse is off: ELECTRON_RUN_AS_NODE does not turn the app into Node', async () => {
    test.skip(!present(app, 'the app').packaged, 'fuses are flipped when electron-builder packages the app');
    const child = spawn(
      present(app, 'the app').executablePath,
      ['-e', 'process.stdout.write("ran-as-node")'],
      {
        env: { ...env(), ELECTRON_RUN_AS_NODE: '1' },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    child.kill();
    expect(output).not.toContain('ran-as-node');
  });
});
