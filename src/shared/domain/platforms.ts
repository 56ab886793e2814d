import { platformMessages } from '../i18n/platform-messages';

/** docs/requirements.md#constants-and-limits: platform types, as stored in lead_platforms.type. */
export const PLATFORM_ACCOUNT_TYPES = ['Demo', 'Real'] as const;
export type PlatformAccountType = (typeof PLATFORM_ACCOUNT_TYPES)[number];

/** 'real', 'REAL', ' Real ' -> 'Real'; anything else null. */
export function parsePlatformType(text: string): PlatformAccountType | null {
  const folded = text.trim().toLowerCase();
  return PLATFORM_ACCOUNT_TYPES.find((type) => type.toLowerCase() === folded) ?? null;
}

/** Platform logins are numbers (MT5 uses 64-bit integers); kept as text so none is rounded. */
export const PLATFORM_LOGIN_PATTERN = /^[1-9]\d{0,17}$/;

/**
 * Decimals of an amount moved on a trading account: the ledger books cents (NUMERIC(18,2)). The amount
 * itself is read by the money reader (money-input.ts), as every amount is.
 */
export const PLATFORM_AMOUNT_DECIMALS = 2;

/** docs/requirements.md#money-importer-and-lead-input: leverage of a platform deposit or withdrawal, 100 unless given. */
export const PLATFORM_LEVERAGE_MIN = 1;
export const PLATFORM_LEVERAGE_MAX = 1000;

/**
 * The Turkish label of a position's Action or an order's Type (see docs/requirements.md#constants-and-limits: Alış, Satış, Alış Limit, Satış
 * Limit; MT5 numbers them 0-5). An unknown code shows as its number.
 */
export function platformActionLabel(code: number): string {
  const labels = [
    platformMessages.buy,
    platformMessages.sell,
    platformMessages.buyLimit,
    platformMessages.sellLimit,
    platformMessages.buyStop,
    platformMessages.sellStop,
  ];
  return labels[code] ?? String(code);
}

/** docs/requirements.md#constants-and-limits: volumes are shown divided by 1000 (exactly, on the digits). */
export function platformVolumeText(volume: number): string {
  if (!Number.isSafeInteger(volume)) return String(volume);
  const sign = volume < 0 ? '-' : '';
  const digits = String(Math.abs(volume)).padStart(4, '0');
  const whole = digits.slice(0, -3);
  const fraction = digits.slice(-3).replace(/0+$/, '');
  return `${sign}${whole}${fraction === '' ? '' : `,${fraction}`}`;
}
