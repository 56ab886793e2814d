import { Classes, Icon, NonIdealState } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import type { FieldMeta } from '../../../../../shared/contract';
import { useCrmQuery } from '../../../api/use-crm-call';
import { FieldValue } from '../../../components/field-renderers';
import { uiTexts } from '../../../i18n/ui-texts';
import { CallHistory } from '../calls/CallHistory';
import { TabState } from '../TabState';
import { leadCallInputs } from '../lead-queries';
import {
  isEmptyJournalValue,
  journalLines,
  journalValueText,
  type JournalChange,
  type JournalValue,
} from './journal-format';

/** Option values read by their labels (a status id means nothing to a person); lists and text as they are. */
function ChangeValue({ value, field }: { value: JournalValue; field: FieldMeta | null }): ReactNode {
  if (isEmptyJournalValue(value))
    return <span className={`ld-journal-empty ${Classes.TEXT_MUTED}`}>{uiTexts.emptyValue}</span>;
  // Known fields read as their cells do: option labels, Turkish dates, Evet/Hayır flags.
  if (field && !Array.isArray(value)) {
    return (
      <FieldValue
        value={value}
        row={{}}
        field={{
          name: field.name,
          displayName: field.display_name,
          component: field.component.name,
          options: field.options,
        }}
      />
    );
  }
  return <span className="ld-journal-text">{journalValueText(value)}</span>;
}

export function ChangeLine({ change }: { change: JournalChange }): ReactNode {
  return (
    <li className="ld-journal-change" data-field={change.name}>
      <span className="ld-journal-field">{change.label}:</span>
      <ChangeValue value={change.from} field={change.field} />
      <Icon icon="arrow-right" size={12} className="ld-journal-arrow" aria-label="→" />
      <ChangeValue value={change.to} field={change.field} />
    </li>
  );
}

export type JournalTabProps = { leadId: number; fields: readonly FieldMeta[] };

/**
 * Geçmiş (see docs/requirements.md#lead-workspace-and-work-screens): the lead's calls with their outcomes, then every change of the lead, newest first:
 * who, when ('DD MMMM YYYY, HH:mm'), and each field by its display name with its old and new value.
 */
export function JournalTab({ leadId, fields }: JournalTabProps): ReactNode {
  return (
    <>
      <CallHistory leadId={leadId} />
      <JournalEntries leadId={leadId} fields={fields} />
    </>
  );
}

function JournalEntries({ leadId, fields }: JournalTabProps): ReactNode {
  const journal = useCrmQuery('journal', leadCallInputs.journal(leadId), { staleTime: 0 });
  const lines = useMemo(
    () => journalLines(journal.data?.results ?? [], fields, uiTexts.systemAgent),
    [journal.data, fields],
  );
  if (!journal.data) return <TabState query={journal} />;
  if (lines.length === 0) {
    return <NonIdealState icon="history" description={uiTexts.noJournal} className="lead-tab-empty" />;
  }
  return (
    <ol className="ld-journal-list" data-testid="journal-list">
      {lines.map((line) => (
        <li key={line.id} className="ld-journal-entry" data-testid="journal-entry">
          <div className="ld-journal-head">
            <Icon icon="person" size={12} />
            <strong className="ld-journal-agent">{line.agent}</strong>
            <span className="ld-journal-time">{line.time}</span>
          </div>
          <ul className="ld-journal-changes">
            {line.changes.map((change) => (
              <ChangeLine key={change.name} change={change} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
