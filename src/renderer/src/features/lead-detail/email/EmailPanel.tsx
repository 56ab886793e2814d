import { Button, Callout, Classes, FormGroup, H6, HTMLSelect, Tag, type Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { EMAIL_TEMPLATE_OPTION_LIST, type EmailStatus } from '../../../../../shared/contract/email';
import { REMINDER_OFFSET_OPTIONS, formatDateTimeTr } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { useOptions } from '../../../api/options';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { TurkishDateInput } from '../../../components/date-input';
import { uiTexts } from '../../../i18n/ui-texts';
import { TabState } from '../TabState';
import { leadCallInputs, useRefreshCalls } from '../lead-queries';
import {
  CUSTOM_OFFSET,
  emailStartFor,
  isReminderOffsetChoice,
  type EmailSendChoice,
} from '../notes/note-form';

const STATUS_LOOK: Readonly<Record<EmailStatus, { text: string; intent: Intent }>> = {
  queued: { text: uiTexts.emailQueuedStatus, intent: 'primary' },
  sent: { text: uiTexts.emailSentStatus, intent: 'success' },
  failed: { text: uiTexts.emailFailedStatus, intent: 'danger' },
};

function EmailList({ leadId }: { leadId: number }): ReactNode {
  const emails = useCrmQuery('leadEmails', leadCallInputs.emails(leadId));
  return (
    <section className="ld-notes-section" data-testid="lead-emails">
      <H6 className="ld-notes-section-title">{uiTexts.sentEmails}</H6>
      {emails.data ? (
        emails.data.results.length === 0 ? (
          <p className={`ld-notes-empty ${Classes.TEXT_MUTED}`}>{uiTexts.noEmails}</p>
        ) : (
          <ul className="ld-note-list">
            {emails.data.results.map((email) => (
              <li key={email.id} className="ld-note-item" data-testid="email-row">
                <div className="ld-note-head">
                  <strong className="ld-note-agent">{email.template_name ?? email.subject}</strong>
                  <Tag minimal intent={STATUS_LOOK[email.status].intent}>
                    {STATUS_LOOK[email.status].text}
                  </Tag>
                </div>
                <div className="ld-note-body">{email.subject}</div>
                <div className={`ld-note-reminder ${Classes.TEXT_MUTED}`}>
                  {[email.agent_name, formatDateTimeTr(email.sent_at ?? email.start)]
                    .filter(Boolean)
                    .join(' · ')}
                  {email.status === 'failed' && email.error ? ` · ${email.error}` : ''}
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <TabState query={emails} />
      )}
    </section>
  );
}

export type EmailPanelProps = { leadId: number; hasEmail: boolean };

/**
 * The right column's E-Mail tab (see docs/requirements.md#lead-workspace-and-work-screens, #task-customer-and-money-states): a template (option list 128) and a send time (now, an
 * offset, or a custom date); the server queues it and sends in 5-minute batches.
 */
export function EmailPanel({ leadId, hasEmail }: EmailPanelProps): ReactNode {
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const templates = useOptions(EMAIL_TEMPLATE_OPTION_LIST);
  const [template, setTemplate] = useState('');
  const [when, setWhen] = useState<EmailSendChoice>('now');
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useCrmMutation('processEmail');

  const submit = (): void => {
    if (template === '') {
      setError(messages.emailTemplateRequired);
      return;
    }
    const start = emailStartFor(when, custom, new Date());
    if (!start.ok) {
      setError(start.message);
      return;
    }
    setError(null);
    send.mutate(
      { body: { lead_id: leadId, template_id: Number(template), start: start.start } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setError(answer.msg || messages.operationFailed);
            return;
          }
          notifier.success(answer.msg || messages.emailQueued);
          setWhen('now');
          setCustom('');
          refresh('leadEmails');
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <div className="ld-notes-panel" data-testid="email-panel">
      <form
        noValidate
        className="ld-note-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {hasEmail ? null : (
          <Callout intent="warning" icon="warning-sign" className="lead-tab-callout">
            {uiTexts.noEmailAddress}
          </Callout>
        )}
        <FormGroup label={uiTexts.emailTemplate} labelFor="email-template">
          <HTMLSelect
            id="email-template"
            fill
            value={template}
            onChange={(event) => setTemplate(event.currentTarget.value)}
            disabled={templates.isPending}
            data-testid="email-template"
          >
            <option value="">{uiTexts.choose}</option>
            {(templates.data?.items ?? []).map((option) => (
              <option key={String(option.value)} value={String(option.value)}>
                {option.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={uiTexts.emailSendTime} labelFor="email-send-time">
          <HTMLSelect
            id="email-send-time"
            fill
            value={when}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value === 'now' || isReminderOffsetChoice(value)) setWhen(value);
            }}
            data-testid="email-send-time"
          >
            <option value="now">{uiTexts.sendNow}</option>
            {REMINDER_OFFSET_OPTIONS.map((option) => (
              <option key={option.value} value={String(option.value)}>
                {option.label}
              </option>
            ))}
            <option value={CUSTOM_OFFSET}>{uiTexts.customDate}</option>
          </HTMLSelect>
        </FormGroup>
        {when === CUSTOM_OFFSET ? (
          <FormGroup label={uiTexts.customDate} labelFor="email-custom-start">
            <TurkishDateInput
              id="email-custom-start"
              withTime
              value={custom}
              minDate={new Date()}
              onChange={setCustom}
              testId="email-custom-start"
            />
          </FormGroup>
        ) : null}
        {error ? (
          <div className="lead-inline-error" role="alert" data-testid="email-error">
            {error}
          </div>
        ) : null}
        <div className="ld-note-form-actions">
          <Button
            type="submit"
            intent="primary"
            icon="send-message"
            text={uiTexts.send}
            loading={send.isPending}
            disabled={!hasEmail}
            data-testid="email-submit"
          />
        </div>
      </form>
      <EmailList leadId={leadId} />
    </div>
  );
}
