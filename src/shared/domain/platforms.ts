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

/** Largest whole part a platform amount may have (NUMERIC(18,2) holds 16 digits before the point). */
const MAX_WHOLE_DIGITS = 15;
const AMOUNT_TEXT = /^(\d[\d.,]*?)(?:([.,])(\d{1,2}))?$/;
const GROUPED_BY = { '.': /^\d{1,3}(?:\.\d{3})+$/, ',': /^\d{1,3}(?:,\d{3})+$/ } as const;

/**
 * A money amount typed as free text (see docs/requirements.md#money-importer-and-lead-input) as an exact decimal string, or null when it is not one.
 * Turkish and English writing alike: '1000', '0,1', '0.1', '1.000,50', '1,000.50', '1 000,50'. A separator
 * followed by one or two digits at the end is the decimal point; all others group thousands (so '1.000'
 * is one thousand, never 1). Only amounts above zero with at most two decimals; never through a float.
 */
export function parsePlatformAmount(text: string): string | null {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(/^\+/, '');
  const match = AMOUNT_TEXT.exec(compact);
  if (!match) return null;
  const [, wholeText = '', decimalSeparator, fraction = ''] = match;
  let whole = wholeText;
  if (!/^\d+$/.test(wholeText)) {
    const grouping = (['.', ','] as const).find((separator) => GROUPED_BY[separator].test(wholeText));
    if (grouping === undefined || grouping === decimalSeparator) return null;
    whole = wholeText.split(grouping).join('');
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_WHOLE_DIGITS || !/[1-9]/.test(whole + fraction)) return null;
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

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
