import { readFileSync } from 'node:fs';

/** Environment variables of the trading platform (docs/operations.md#trading-platform). */
export interface TradingEnv {
  TRADING_PLATFORM?: string | undefined;
  MT5_URL?: string | undefined;
  MT5_LOGIN?: string | undefined;
  MT5_PASSWORD?: string | undefined;
  MT5_GROUP_REAL?: string | undefined;
  MT5_GROUP_DEMO?: string | undefined;
  MT5_KEEPALIVE_MS?: string | undefined;
  MT5_TIMEOUT_MS?: string | undefined;
  MT5_AGENT?: string | undefined;
  MT5_VERSION?: string | undefined;
  MT5_CA_FILE?: string | undefined;
  MT5_CERT_SHA256?: string | undefined;
}

/** How the MT5 server's certificate is trusted, beyond the system's certificate authorities. */
export interface Mt5TlsConfig {
  /** PEM certificates trusted instead of the system's (MT5 servers often carry a self-signed one). */
  ca: string | null;
  /** Pinned SHA-256 fingerprints of the server certificate, as Node writes them ('AB:CD:…'); empty: none. */
  pins: readonly string[];
}

export interface Mt5Config {
  kind: 'mt5';
  /** Base address, e.g. https://mt5.example.com:443 (http only for a local stand-in). */
  url: URL;
  tls: Mt5TlsConfig;
  managerLogin: string;
  password: string;
  groups: { Real: string; Demo: string };
  /** How often an idle session is kept alive (/api/test/access); MT5 drops it after 180 s. */
  keepAliveMs: number;
  timeoutMs: number;
  agent: string;
  version: string;
}

export type TradingConfig = { kind: 'ledger' } | Mt5Config;

export const MT5_ENV_DEFAULTS = {
  groupReal: 'real\\crm',
  groupDemo: 'demo\\crm',
  keepAliveMs: 20_000,
  timeoutMs: 15_000,
  agent: 'crm',
  version: '484',
} as const;

/** A broken trading setup, reported at start rather than at a customer's first deposit. */
export class TradingConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TradingConfigError';
  }
}

function positiveMs(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 100) {
    throw new TradingConfigError(`${name} must be a whole number of milliseconds (at least 100)`);
  }
  return value;
}

/** Plain http only reaches a stand-in on this machine; anything else would send the handshake in clear. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** 'ab:cd…', 'ABCD…' or with spaces: 32 bytes of hex, in Node's `fingerprint256` form. */
function parsePins(text: string | undefined): string[] {
  const pins: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const hex = part.replace(/[\s:]/g, '').toUpperCase();
    if (hex === '') continue;
    if (!/^[0-9A-F]{64}$/.test(hex)) {
      throw new TradingConfigError(
        'MT5_CERT_SHA256 must list SHA-256 certificate fingerprints (64 hex digits each, comma-separated)',
      );
    }
    pins.push(hex.match(/../g)?.join(':') ?? hex);
  }
  return pins;
}

function readCa(path: string | undefined): string | null {
  const file = (path ?? '').trim();
  if (file === '') return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TradingConfigError(`MT5_CA_FILE cannot be read: ${file} (${String(error)})`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new TradingConfigError(`MT5_CA_FILE holds no PEM certificate: ${file}`);
  }
  return text;
}

/**
 * TRADING_PLATFORM=ledger|mt5. Unset: mt5 when MT5_URL is set, else the built-in ledger. MT5 needs
 * MT5_URL, MT5_LOGIN (a manager account with Web API access) and MT5_PASSWORD; MT5_CA_FILE and
 * MT5_CERT_SHA256 say which server certificate to trust (read here, so a wrong path stops the start).
 */
export function parseTradingEnv(env: TradingEnv): TradingConfig {
  const chosen = (env.TRADING_PLATFORM ?? '').trim().toLowerCase();
  const urlText = (env.MT5_URL ?? '').trim();
  const kind = chosen === '' ? (urlText === '' ? 'ledger' : 'mt5') : chosen;
  if (kind === 'ledger') return { kind: 'ledger' };
  if (kind !== 'mt5') throw new TradingConfigError(`TRADING_PLATFORM must be ledger or mt5, got ${chosen}`);
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    throw new TradingConfigError('MT5_URL must be an address such as https://mt5.example.com:443');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TradingConfigError('MT5_URL must start with https://');
  }
  const tls = { ca: readCa(env.MT5_CA_FILE), pins: parsePins(env.MT5_CERT_SHA256) };
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) {
      throw new TradingConfigError(
        'MT5_URL must start with https:// (http only for a stand-in on this machine)',
      );
    }
    if (tls.ca !== null || tls.pins.length > 0) {
      throw new TradingConfigError('MT5_CA_FILE and MT5_CERT_SHA256 need an https:// MT5_URL');
    }
  }
  const managerLogin = (env.MT5_LOGIN ?? '').trim();
  const password = env.MT5_PASSWORD ?? '';
  if (!/^\d+$/.test(managerLogin)) throw new TradingConfigError('MT5_LOGIN must be the manager login');
  if (password === '') throw new TradingConfigError('MT5_PASSWORD is required');
  return {
    kind: 'mt5',
    url,
    tls,
    managerLogin,
    password,
    groups: {
      Real: env.MT5_GROUP_REAL?.trim() || MT5_ENV_DEFAULTS.groupReal,
      Demo: env.MT5_GROUP_DEMO?.trim() || MT5_ENV_DEFAULTS.groupDemo,
    },
    keepAliveMs: positiveMs('MT5_KEEPALIVE_MS', env.MT5_KEEPALIVE_MS, MT5_ENV_DEFAULTS.keepAliveMs),
    timeoutMs: positiveMs('MT5_TIMEOUT_MS', env.MT5_TIMEOUT_MS, MT5_ENV_DEFAULTS.timeoutMs),
    agent: env.MT5_AGENT?.trim() || MT5_ENV_DEFAULTS.agent,
    version: env.MT5_VERSION?.trim() || MT5_ENV_DEFAULTS.version,
  };
}
