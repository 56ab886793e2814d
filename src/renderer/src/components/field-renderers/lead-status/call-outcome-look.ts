import type { Intent } from '@blueprintjs/core';
import type { CallAttemptState, CallOutcomeStatus } from '../../../../../shared/contract';
import { CALL_LINES } from '../../../../../shared/domain';
import { format } from '../../../../../shared/i18n/messages';
import { callTexts } from '../../../i18n/call-texts';

/** How an outcome reads at a glance: answered is good news, a busy or unknown line a warning, the rest bad. */
const OUTCOME_INTENT: Readonly<Record<CallOutcomeStatus, Intent>> = {
  answered: 'success',
  busy: 'warning',
  'no-answer': 'warning',
  'hung-up': 'warning',
  unknown: 'warning',
  unreachable: 'danger',
  congestion: 'danger',
  failed: 'danger',
  refused: 'danger',
};

export function callOutcomeIntent(status: CallOutcomeStatus): Intent {
  return OUTCOME_INTENT[status];
}

const STATE_LOOK: Readonly<Record<CallAttemptState, { text: string; intent: Intent }>> = {
  queued: { text: callTexts.stateQueued, intent: 'primary' },
  pending: { text: callTexts.statePending, intent: 'warning' },
  logged: { text: callTexts.stateLogged, intent: 'none' },
  failed: { text: callTexts.stateFailed, intent: 'danger' },
};

/** What happened at the click, before any outcome: queued, pending, logged or failed. */
export function callStateLook(state: CallAttemptState): { text: string; intent: Intent } {
  return STATE_LOOK[state];
}

/** '' is a plain call; a fast-call prefix reads as its city's line ("İzmir hattı"), anything else as sent. */
export function callLineText(prefix: string | null): string {
  if (prefix === null || prefix === '') return callTexts.plainCall;
  const line = CALL_LINES.find((candidate) => String(candidate.value) === prefix);
  return format(callTexts.lineCall, { line: line ? line.label : prefix });
}
