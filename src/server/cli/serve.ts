import { resolve } from 'node:path';
import { describeAdapters } from '../adapters/adapter-status';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/reference-data';
import { startServer, type RunningServer, type StartupSetup } from '../start-server';

/**
 * `npm run serve` reads: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data, embedded database and files),
 * DATABASE_URL (PostgreSQL instead), DEMO_DATA (1/0; default on for the embedded database), DEMO_LEADS,
 * WEB_ROOT (built web edition, default out/web), CORS_ORIGINS (comma list), CRM_ADMIN_EMAIL,
 * CRM_ADMIN_PASSWORD, CRM_ADMIN_NAME (first admin of a production install), LOG_LEVEL, LOG_FORMAT
 * (pretty: one readable line per event, the default on a terminal; json otherwise), CRM_TIME_ZONE,
 * AMI_* (telephony) and SMTP_URL / SMTP_FROM (mail); the banner says which adapters are in use.
 */
interface ServeConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  webRoot: string | undefined;
  corsOrigins: string[];
}

function parsePort(raw: string | undefined): number {
  const port = Number(raw ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT geçersiz: ${raw}`);
  return port;
}

function parseFlag(raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return ['1', 'true', 'yes', 'on', 'evet'].includes(raw.trim().toLowerCase());
}

function readServeConfig(env: NodeJS.ProcessEnv): ServeConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    // Demo data by default only for the zero-set-up embedded database; a PostgreSQL server is assumed real.
    demo: parseFlag(env.DEMO_DATA) ?? !databaseUrl,
    webRoot: env.WEB_ROOT?.trim() || undefined,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
}

function describeSetup(setup: StartupSetup): string[] {
  const demoAccounts = [
    `Demo hesapları (şifre: ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(26)} ${account.department}`),
  ];
  if (setup.kind === 'existing-data') {
    return ['Mevcut veritabanı kullanılıyor.', ...(setup.demoAccounts ? demoAccounts : [])];
  }
  if (setup.kind === 'demo-seeded') return ['Demo verileri yüklendi.', ...demoAccounts];
  const { outcome } = setup;
  if (outcome.status === 'created') return [`İlk yönetici oluşturuldu: ${outcome.email}`];
  if (outcome.status === 'not-configured') {
    return [
      'Veritabanında kullanıcı yok. İlk yöneticiyi oluşturmak için CRM_ADMIN_EMAIL, CRM_ADMIN_PASSWORD',
      '(en az 10 karakter) ve CRM_ADMIN_NAME ayarlayıp sunucuyu yeniden başlatın, ya da DEMO_DATA=1 kullanın.',
    ];
  }
  return [];
}

async function main(): Promise<void> {
  const config = readServeConfig(process.env);
  const server: RunningServer = await startServer({
    port: config.port,
    host: config.host,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    demo: config.demo,
    webRoot: config.webRoot,
    corsOrigins: config.corsOrigins,
    logger: true,
  });
  const lines = [
    `CRM sunucusu çalışıyor: ${server.url}  (API: ${server.url}/api)`,
    config.databaseUrl
      ? 'Veritabanı: PostgreSQL (DATABASE_URL)'
      : `Veritabanı: gömülü PGlite, ${config.dataDir}`,
    ...describeAdapters(server.adapters),
    ...describeSetup(server.setup),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} alındı, sunucu kapatılıyor...\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Kapatılırken hata: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Sunucu başlatılamadı: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
