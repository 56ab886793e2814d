import { format } from '../../../shared/i18n/messages';
import { platformMessages } from '../../../shared/i18n/platform-messages';
import { isTradingPlatformError } from '../../adapters/trading/trading-platform';
import type { AdapterLog } from '../../adapters/adapter-log';
import { DomainError } from '../../domain-errors';

/**
 * A platform's refusal in the user's words; the technical detail goes to the log. Anything that is not a
 * platform error (a database failure, a bug) is passed on unchanged.
 */
export function platformFailure(error: unknown, log: AdapterLog, context: Record<string, unknown>): unknown {
  if (!isTradingPlatformError(error)) return error;
  log.warn(
    { ...context, code: error.code, platformCode: error.platformCode, detail: error.message },
    'platform refused',
  );
  switch (error.code) {
    case 'exists':
      return DomainError.conflict(platformMessages.loginTaken);
    case 'not-found':
      return DomainError.invalid(platformMessages.accountMissing);
    case 'no-money':
      return DomainError.invalid(platformMessages.noMoney);
    case 'refused':
      return DomainError.invalid(
        format(platformMessages.platformRefused, { code: error.platformCode ?? '?' }),
      );
    case 'unavailable':
      return DomainError.invalid(platformMessages.platformUnavailable);
  }
}
