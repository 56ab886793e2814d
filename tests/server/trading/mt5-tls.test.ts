import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterLog } from '../../../src/server/adapters/adapter-log';
import { newReference } from '../../../src/server/adapters/trading/balance-reference';
import {
  createMt5Platform,
  isTradingPlatformError,
  parseTradingEnv,
  TradingConfigError,
  type TradingEnv,
  type TradingPlatform,
} from '../../../src/server/adapters/trading/trading-platform';
import type { Database } from '../../../src/server/db/schema';
import { startFakeMt5, type FakeMt5Server } from './fake-mt5-server';

/** The MT5 adapter never touches the CRM database. */
const noDb = {} as Kysely<Database>;
const PASSWORD = 'Password1';

interface TestCert {
  key: string;
  cert: string;
  certFile: string;
  fingerprint: string;
}

let dir = '';
/** The stand-in's own self-signed certificate for 127.0.0.1, and one of an impostor with the same name. */
let server: TestCert;
let impostor: TestCert;

/** A self-signed certificate for 127.0.0.1, made with the openssl command line as an operator would. */
function selfSigned(name: string): TestCert {
  const keyFile = join(dir, `${name}.key`);
  const certFile = join(dir, `${name}.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert,
    certFile,
    fingerprint: new X509Certificate(cert).fingerprint256,
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mt5-tls-'));
  server = selfSigned('mt5');
  impostor = selfSigned('impostor');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let fake: FakeMt5Server | null = null;
let platform: TradingPlatform | null = null;
let warnings: string[] = [];
const log: AdapterLog = {
  warn: (details) => warnings.push(String(details.err ?? '')),
  info: () => undefined,
};

afterEach(async () => {
  await platform?.close();
  await fake?.close();
  platform = null;
  fake = null;
  warnings = [];
});

async function connect(
  cert: TestCert,
  env: TradingEnv,
): Promise<{ fake: FakeMt5Server; mt5: TradingPlatform }> {
  fake = await startFakeMt5({ managerLogin: '1000', password: PASSWORD, tls: cert });
  const config = parseTradingEnv({ MT5_URL: fake.url, MT5_LOGIN: '1000', MT5_PASSWORD: PASSWORD, ...env });
  if (config.kind !== 'mt5') throw new Error('expected mt5');
  platform = createMt5Platform(config, log);
  return { fake, mt5: platform };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isTradingPlatformError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a platform error');
}

const account = {
  type: 'Real',
  name: 'Işık Yılmaz',
  email: 'isik@example.com',
  phone: '5321112233',
  leverage: 100,
} as const;

describe('MT5 over TLS', () => {
  it('trusts the server certificate of MT5_CA_FILE and keeps one TLS session for every command', async () => {
    const { fake, mt5 } = await connect(server, { MT5_CA_FILE: server.certFile });
    expect(fake.url).toMatch(/^https:/);
    await mt5.createAccount(noDb, { ...account, login: '8100001' });
    await mt5.balance(noDb, {
      login: '8100001',
      direction: 'deposit',
      amount: '0.1',
      comment: 'CRM yatırım',
      reference: newReference(),
      leverage: 200,
    });
    expect((await mt5.accountInfo(noDb, '8100001')).Balance).toBe('0.10');
    expect(fake.accounts.get('8100001')?.Leverage).toBe('200');
    expect(fake.tlsSessions).toBe(1);
    expect(fake.handshakes).toBe(1);
  });

  it('refuses a self-signed certificate the CA file does not hold, before any MT5 command is sent', async () => {
    const { fake, mt5 } = await connect(impostor, { MT5_CA_FILE: server.certFile });
    expect(await failure(mt5.accountInfo(noDb, '8100002'))).toBe('unavailable');
    expect(fake.requests).toEqual([]);
    expect(warnings.join(' ')).toMatch(/self[- ]signed|certificate/i);
  });

  it('refuses a self-signed certificate without MT5_CA_FILE (only the system authorities are trusted)', async () => {
    const { fake, mt5 } = await connect(server, {});
    expect(await failure(mt5.accountInfo(noDb, '8100003'))).toBe('unavailable');
    expect(fake.requests).toEqual([]);
  });

  it('accepts the pinned certificate, written in any case and with or without colons', async () => {
    const pin = server.fingerprint.replace(/:/g, '').toLowerCase();
    const { fake, mt5 } = await connect(server, {
      MT5_CA_FILE: server.certFile,
      MT5_CERT_SHA256: `${impostor.fingerprint}, ${pin}`,
    });
    await mt5.createAccount(noDb, { ...account, login: '8100004' });
    expect(fake.accounts.has('8100004')).toBe(true);
  });

  it('refuses a trusted certificate that is not pinned, so the manager login never reaches it', async () => {
    // Both certificates are trusted by the CA file: only the pin tells the impostor apart.
    const bundle = join(dir, 'both.pem');
    writeFileSync(bundle, `${server.cert}${impostor.cert}`);
    const { fake, mt5 } = await connect(impostor, {
      MT5_CA_FILE: bundle,
      MT5_CERT_SHA256: server.fingerprint,
    });
    expect(await failure(mt5.accountInfo(noDb, '8100005'))).toBe('unavailable');
    expect(fake.requests).toEqual([]);
    expect(warnings.join(' ')).toContain('MT5_CERT_SHA256');
  });
});

describe('MT5 TLS settings', () => {
  const base = { MT5_LOGIN: '1000', MT5_PASSWORD: PASSWORD };

  it('reads the CA file and normalises the pins', () => {
    const config = parseTradingEnv({
      ...base,
      MT5_URL: 'https://mt5.example.com',
      MT5_CA_FILE: server.certFile,
      MT5_CERT_SHA256: server.fingerprint.replace(/:/g, '').toLowerCase(),
    });
    expect(config).toMatchObject({ kind: 'mt5', tls: { ca: server.cert, pins: [server.fingerprint] } });
    expect(parseTradingEnv({ ...base, MT5_URL: 'https://mt5.example.com' })).toMatchObject({
      tls: { ca: null, pins: [] },
    });
  });

  it('stops the start on a missing CA file, a bad pin, or plain http to another machine', () => {
    const https = { ...base, MT5_URL: 'https://mt5.example.com' };
    expect(() => parseTradingEnv({ ...https, MT5_CA_FILE: join(dir, 'missing.pem') })).toThrow(
      TradingConfigError,
    );
    const notPem = join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    expect(() => parseTradingEnv({ ...https, MT5_CA_FILE: notPem })).toThrow(/no PEM/);
    expect(() => parseTradingEnv({ ...https, MT5_CERT_SHA256: 'AB:CD' })).toThrow(/MT5_CERT_SHA256/);
    expect(() => parseTradingEnv({ ...base, MT5_URL: 'http://mt5.example.com' })).toThrow(/https/);
    expect(() =>
      parseTradingEnv({ ...base, MT5_URL: 'http://127.0.0.1:4430', MT5_CA_FILE: server.certFile }),
    ).toThrow(/https/);
    expect(parseTradingEnv({ ...base, MT5_URL: 'http://127.0.0.1:4430' }).kind).toBe('mt5');
  });
});
