import { format } from '../i18n/messages';
import { platformMessages } from '../i18n/platform-messages';
import { platformOperationMessages as m } from '../i18n/platform-operation-messages';

/**
 * A platform operation's life (see docs/money.md#platform-operations): recorded `pending`, `sending`
 * while the job has it, then `done` with the platform's ticket or `failed` with the platform's reason.
 * A transient failure puts it back to `pending` with a later next attempt.
 */
export const PLATFORM_OPERATION_STATES = ['pending', 'sending', 'done', 'failed'] as const;
export type PlatformOperationState = (typeof PLATFORM_OPERATION_STATES)[number];

export const PLATFORM_OPERATION_DIRECTIONS = ['deposit', 'withdrawal'] as const;
export type PlatformOperationDirection = (typeof PLATFORM_OPERATION_DIRECTIONS)[number];

/** Done or failed: nothing more will happen to it. */
export function isOperationSettled(state: PlatformOperationState): boolean {
  return state === 'done' || state === 'failed';
}

const STATE_LABELS: Readonly<Record<PlatformOperationState, string>> = {
  pending: m.statePending,
  sending: m.stateSending,
  done: m.stateDone,
  failed: m.stateFailed,
};

export function operationStateLabel(state: PlatformOperationState): string {
  return STATE_LABELS[state];
}

/**
 * What a platform's refusal means in Turkish, from the adapter's error code (trading-types.ts) and the
 * platform's own code (MT5 retcode); null when there was none. The platform's technical text stays in
 * the log and the operation's last_error.
 */
export function operationErrorText(code: string | null, platformCode: string | null): string | null {
  switch (code) {
    case null:
      return null;
    case 'not-found':
      return platformMessages.accountMissing;
    case 'no-money':
      return platformMessages.noMoney;
    case 'unavailable':
      return platformMessages.platformUnavailable;
    default:
      return format(platformMessages.platformRefused, { code: platformCode ?? '?' });
  }
}
