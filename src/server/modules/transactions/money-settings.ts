import {
  DEFAULT_BACKDATE_DAYS,
  DEFAULT_TRANSACTION_SLA_HOURS,
} from '../../../shared/domain/transaction-state';

/** The money settings operators set (docs/money.md; every variable is listed in docs/operations.md). */
export interface MoneyEnv {
  readonly TRANSACTION_SLA_HOURS?: string | undefined;
  readonly TRANSACTION_BACKDATE_DAYS?: string | undefined;
}

export interface MoneySettings {
  /** Hours after which a row waiting in a work queue is marked late. */
  readonly slaHours: number;
  /** Days an instruction may be back-dated. */
  readonly backDateDays: number;
}

/** A whole number within bounds, or the default (a typo must not switch a safety rule off). */
function wholeNumber(raw: string | undefined, fallback: number, max: number): number {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,6}$/.test(text)) return fallback;
  const value = Number(text);
  return value >= 1 && value <= max ? value : fallback;
}

export function moneySettingsFromEnv(env: MoneyEnv): MoneySettings {
  return {
    slaHours: wholeNumber(env.TRANSACTION_SLA_HOURS, DEFAULT_TRANSACTION_SLA_HOURS, 24 * 365),
    backDateDays: wholeNumber(env.TRANSACTION_BACKDATE_DAYS, DEFAULT_BACKDATE_DAYS, 3650),
  };
}
