import type { AdapterLog } from '../adapter-log';
import { createLedgerPlatform } from './ledger-platform';
import { createMt5Platform } from './mt5-platform';
import { parseTradingEnv, type TradingEnv } from './trading-config';
import type { TradingPlatform } from './trading-types';

export type {
  BalanceDirection,
  BalanceOperation,
  CreatedTradingAccount,
  NewTradingAccount,
  ReferencedDeal,
  TradingErrorCode,
  TradingPlatform,
  TradingPlatformKind,
} from './trading-types';
export { isTradingPlatformError, TradingPlatformError } from './trading-types';
export { createLedgerPlatform, LEDGER_GROUPS } from './ledger-platform';
export { createMt5Platform } from './mt5-platform';
export { MT5_ENV_DEFAULTS, parseTradingEnv, TradingConfigError, type TradingEnv } from './trading-config';

/** MT5 when the env says so (see trading-config.ts), else the built-in ledger. Throws at start when broken. */
export function createTradingPlatformFromEnv(env: TradingEnv, log: AdapterLog): TradingPlatform {
  const config = parseTradingEnv(env);
  return config.kind === 'mt5' ? createMt5Platform(config, log) : createLedgerPlatform();
}
