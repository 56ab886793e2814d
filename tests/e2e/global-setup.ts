import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8181);
// One data folder per port, so two runs on one machine (E2E_PORT) never wipe each other's database.
const dataDir = fileURLToPath(new URL(port === 8181 ? './.data' : `./.data-${port}`, import.meta.url));

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`CRM server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`CRM server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the real CRM server (web edition + API) on a fresh embedded database with demo data,
 * exactly as `npm run serve` does, and stops it after the run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      DEMO_LEADS: '5000',
      LOG_LEVEL: 'warn',
      // every browser of the run logs in from 127.0.0.1, so the wrong-password tests of all specs would
      // add up to the per-address spraying guard and later tests would meet its wait instead of their text
      LOGIN_FAILURES_PER_ADDRESS: '1000',
      // the specs schedule reports to the demo company's own domain, as an admin allows it
      REPORT_MAIL_DOMAINS: 'firma.com.tr',
      // the same zone as the browser (playwright.config timezoneId), as at a Turkish call centre
      TZ: 'Europe/Istanbul',
      // the e2e run always uses the embedded database and one node; the server suites cover PostgreSQL
      // and the multi-node run covers Redis (CI exports both, and a shared Redis would hand this
      // server's jobs and pushes to whichever other node listens there)
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Seeding 5,000 leads takes longer on a machine other runs share: E2E_START_TIMEOUT_MS waits longer.
  await waitForHealth(`${baseUrl}/api/health`, child, Number(process.env.E2E_START_TIMEOUT_MS ?? 120_000));
  process.env.E2E_BASE_URL = baseUrl;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
