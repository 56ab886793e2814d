import type { PlatformAccountType } from '../../../../../shared/domain';

/** One account as the /mt5/* calls name it: login and type (see docs/requirements.md#calls), id to tell whitelabels apart. */
export interface PlatformAccount {
  id: number;
  login: string;
  type: PlatformAccountType;
}

export function accountBody(account: PlatformAccount): {
  login: string;
  type: PlatformAccountType;
  id: number;
} {
  return { login: account.login, type: account.type, id: account.id };
}
