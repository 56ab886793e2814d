import { Classes, H6, Icon, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { CallHistoryRow } from '../../../../../shared/contract';
import { formatDateTimeTr } from '../../../../../shared/domain';
import { useCrmQuery } from '../../../api/use-crm-call';
import {
  callLineText,
  callOutcomeIntent,
  callStateLook,
} from '../../../components/field-renderers/lead-status/call-outcome-look';
import { callTexts } from '../../../i18n/call-texts';
import { TabState } from '../TabState';
import { leadCallInputs } from '../lead-queries';

/** The outcome when the PBX reported one; otherwise what happened at the click (and that one is awaited). */
function CallResultTag({ call }: { call: CallHistoryRow }): ReactNode {
  if (call.outcome !== null) {
    return (
      <Tag minimal intent={callOutcomeIntent(call.outcome)} data-testid="call-outcome">
        {call.outcome_message ?? call.outcome}
      </Tag>
    );
  }
  const look = callStateLook(call.state);
  const waiting = call.state === 'queued' || call.state === 'pending';
  return (
    <Tag minimal intent={look.intent} data-testid="call-state">
      {waiting ? `${look.text} · ${callTexts.awaitingOutcome}` : look.text}
    </Tag>
  );
}

export type CallHistoryProps = { leadId: number };

/**
 * Aramalar: the lead's calls, newest first, with what the PBX made of each (the outcome the agent was
 * pushed: answered, unreachable extension, busy, ...). It refetches when a callOutcome push arrives.
 */
export function CallHistory({ leadId }: CallHistoryProps): ReactNode {
  const calls = useCrmQuery('callHistory', leadCallInputs.calls(leadId), { staleTime: 0 });
  return (
    <section className="ld-call-history" data-testid="call-history">
      <H6 className="ld-notes-section-title">{callTexts.historyTitle}</H6>
      {!calls.data ? (
        <TabState query={calls} />
      ) : calls.data.results.length === 0 ? (
        <p className={`ld-notes-empty ${Classes.TEXT_MUTED}`}>{callTexts.historyEmpty}</p>
      ) : (
        <ol className="ld-journal-list">
          {calls.data.results.map((call) => (
            <li key={call.id} className="ld-journal-entry" data-testid="call-entry">
              <div className="ld-journal-head">
                <Icon icon="phone" size={12} />
                <strong className="ld-journal-agent">{call.agent_name ?? ''}</strong>
                <span className="ld-journal-time">{formatDateTimeTr(call.created_at)}</span>
                <span className={Classes.TEXT_MUTED}>{callLineText(call.line_prefix)}</span>
                <CallResultTag call={call} />
              </div>
              {call.outcome === null && call.state === 'failed' ? (
                <div className={`ld-call-message ${Classes.TEXT_MUTED}`}>{call.message}</div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
