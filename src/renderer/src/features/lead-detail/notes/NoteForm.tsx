import { Button, FormGroup, HTMLSelect, Switch, TextArea } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { OPTION_LIST_IDS, REMINDER_OFFSET_OPTIONS } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { useOptions } from '../../../api/options';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { TurkishDateInput } from '../../../components/date-input';
import { OptionSelect } from '../../../components/field-editors';
import { uiTexts } from '../../../i18n/ui-texts';
import { insertFailureText } from '../../../components/record-form';
import { useRefreshCalls } from '../lead-queries';
import {
  CUSTOM_OFFSET,
  initialNoteDraft,
  isReminderOffsetChoice,
  noteInputsFromDraft,
  type NoteDraft,
} from './note-form';

/** Quality is a 1-10 score; 5 is the spec's default. */
const QUALITY_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Where the notes of a lead are inserted (inline save type insert_note). */
export const NOTES_TABLE = 'lead_notes';

export type NoteFormProps = { leadId: number; currentUserId: number | null };

/**
 * Yeni Not (see docs/requirements.md#records-notes-and-settings, #notification-and-list-states, #filters-and-list-input): body (required: 'Not içeriği zorunludur'), quality (default 5), agents
 * (default the current user) and 'Bana Hatırlat' with the offsets 15 dakika ... 1 ay or a custom date;
 * the reminder's start is now plus the offset, sent as 'YYYY-MM-DD HH:mm:ss'. A failed save keeps
 * everything as typed.
 */
export function NoteForm({ leadId, currentUserId }: NoteFormProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const agents = useOptions(OPTION_LIST_IDS.agents);
  const [draft, setDraft] = useState<NoteDraft>(() => initialNoteDraft(currentUserId));
  const [error, setError] = useState<string | null>(null);
  const save = useCrmMutation('inlineSave');
  const change = (patch: Partial<NoteDraft>): void => setDraft((current) => ({ ...current, ...patch }));

  const submit = (): void => {
    const built = noteInputsFromDraft(draft, leadId, new Date());
    if (!built.ok) {
      setError(built.message);
      return;
    }
    setError(null);
    save.mutate(
      { body: { table: NOTES_TABLE, type: 'insert_note', inputs: built.inputs } },
      {
        onSuccess: (answer) => {
          // docs/requirements.md#messages-the-user-reads: a note save answered with success false only stops loading; the text stays typed.
          if (!answer.success) return;
          setDraft(initialNoteDraft(currentUserId));
          notifier.success(messages.noteSaved);
          // A reminder also belongs in the dashboard's calendar and the sidebar's next reminders.
          refresh('notes', 'leadNotifications', 'row', 'calendar', 'sidebarNotes');
        },
        onError: (failure) => notifier.danger(insertFailureText(failure.message)),
      },
    );
  };

  return (
    <form
      noValidate
      className="ld-note-form"
      data-testid="note-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormGroup
        label={uiTexts.newNote}
        labelFor="note-body"
        intent={error === messages.noteBodyRequired ? 'danger' : 'none'}
        helperText={error === messages.noteBodyRequired ? error : undefined}
      >
        <TextArea
          id="note-body"
          fill
          autoResize
          rows={3}
          value={draft.body}
          placeholder={uiTexts.notePlaceholder}
          intent={error === messages.noteBodyRequired ? 'danger' : 'none'}
          onChange={(event) => {
            change({ body: event.currentTarget.value });
            if (error === messages.noteBodyRequired) setError(null);
          }}
          data-testid="note-body"
        />
      </FormGroup>
      <div className="ld-note-form-row">
        <FormGroup label={uiTexts.noteQuality} labelFor="note-quality" className="ld-note-quality">
          <HTMLSelect
            id="note-quality"
            value={String(draft.quality)}
            onChange={(event) => change({ quality: Number(event.currentTarget.value) })}
            data-testid="note-quality"
          >
            {QUALITY_CHOICES.map((quality) => (
              <option key={quality} value={quality}>
                {quality}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={uiTexts.noteAgents} className="ld-note-agents">
          <OptionSelect
            options={agents.data?.items ?? []}
            loading={agents.isPending}
            value={draft.agents.map(String)}
            onChange={(next) => change({ agents: next.map(Number).filter((id) => Number.isSafeInteger(id)) })}
            multiple
            testId="note-agents"
          />
        </FormGroup>
      </div>
      <div className="ld-note-form-row ld-note-remind-row">
        <Switch
          checked={draft.remind}
          label={messages.remindMe}
          onChange={(event) => change({ remind: event.currentTarget.checked })}
          className="ld-note-remind"
          data-testid="note-remind"
        />
        {draft.remind ? (
          <HTMLSelect
            value={draft.offset}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isReminderOffsetChoice(value)) change({ offset: value });
            }}
            aria-label={uiTexts.reminderWhen}
            data-testid="note-offset"
          >
            {REMINDER_OFFSET_OPTIONS.map((option) => (
              <option key={option.value} value={String(option.value)}>
                {option.label}
              </option>
            ))}
            <option value={CUSTOM_OFFSET}>{uiTexts.customDate}</option>
          </HTMLSelect>
        ) : null}
        {draft.remind && draft.offset === CUSTOM_OFFSET ? (
          <TurkishDateInput
            withTime
            value={draft.customStart}
            minDate={new Date()}
            onChange={(value) => change({ customStart: value })}
            ariaLabel={uiTexts.customDate}
            testId="note-custom-start"
          />
        ) : null}
      </div>
      {error !== null && error !== messages.noteBodyRequired ? (
        <div className="lead-inline-error" role="alert" data-testid="note-error">
          {error}
        </div>
      ) : null}
      <div className="ld-note-form-actions">
        <Button
          type="submit"
          intent="primary"
          icon="floppy-disk"
          text={messages.save}
          loading={save.isPending}
          data-testid="note-submit"
        />
      </div>
    </form>
  );
}
