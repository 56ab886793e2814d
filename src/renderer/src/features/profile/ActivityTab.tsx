import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { ActivityRow } from '../../../../shared/contract';
import { formatDateTimeTr } from '../../../../shared/domain';
import { shellTexts } from '../../i18n/shell-texts';

export type ActivityTabProps = { rows: readonly ActivityRow[] };

/** Tab Etkinliklerim (see docs/requirements.md#shell-lists-and-chat): updated, viewed and noted lead counts, first and last action time. */
export function ActivityTab({ rows }: ActivityTabProps): ReactNode {
  if (rows.length === 0) {
    return <NonIdealState icon="history" title={shellTexts.activityEmpty} className="profile-empty" />;
  }
  return (
    <div className="profile-activity-scroll">
      <HTMLTable compact striped className="profile-activity" data-testid="profile-activity">
        <thead>
          <tr>
            <th>{shellTexts.activityFirst}</th>
            <th>{shellTexts.activityLast}</th>
            <th className="is-number">{shellTexts.activityUpdated}</th>
            <th className="is-number">{shellTexts.activityViewed}</th>
            <th className="is-number">{shellTexts.activityNoted}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.start_action_time ?? ''}-${index}`} data-testid="profile-activity-row">
              <td>{formatDateTimeTr(row.start_action_time)}</td>
              <td>{formatDateTimeTr(row.last_action_time)}</td>
              <td className="is-number">{row.lead_interaction}</td>
              <td className="is-number">{row.lead_view}</td>
              <td className="is-number">{row.lead_note}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
