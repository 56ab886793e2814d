import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Me } from '../../../../shared/contract';
import { CALL_LINES, TOAST_MS } from '../../../../shared/domain';
import { workflowMessages } from '../../../../shared/i18n/workflow-messages';
import { format, messages } from '../../../../shared/i18n/messages';
import { crmKeys } from '../../api/query-keys';
import { useCrmMutation } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { shellTexts } from '../../i18n/shell-texts';
import { uiTexts } from '../../i18n/ui-texts';

export type ContactCardProps = { me: Pick<Me, 'dahili' | 'telegram_id' | 'default_call_line'> };

/**
 * Dahili and Telegram id (see docs/requirements.md#records-notes-and-settings profile form). docs/requirements.md#messages-the-user-reads: "Dahiliniz güncellenmiştir" and the page
 * reloads (the softphone line is read at start by several screens); "Telegram id güncellenmiştir".
 */
export function ContactCard({ me }: ContactCardProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const [dahili, setDahili] = useState(me.dahili ?? '');
  const [telegram, setTelegram] = useState(me.telegram_id ?? '');
  const [line, setLine] = useState(me.default_call_line ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useCrmMutation('authSave');
  const changed =
    dahili.trim() !== (me.dahili ?? '') ||
    telegram.trim() !== (me.telegram_id ?? '') ||
    line !== (me.default_call_line ?? '');

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!changed) {
      notifier.warning(uiTexts.noChanges);
      return;
    }
    setProblem(null);
    // docs/requirements.md#messages-the-user-reads: a refused profile save toasts exactly 'Şifreniz güncellenemedi'; the reason stays by the form.
    const refuse = (reason: string): void => {
      notifier.danger(messages.passwordUpdateFailed);
      setProblem(reason.trim() === '' ? messages.passwordUpdateFailed : reason);
    };
    save.mutate(
      { body: { dahili: dahili.trim(), telegram_id: telegram.trim(), default_call_line: line } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            refuse(answer.msg);
            return;
          }
          void queryClient.invalidateQueries({ queryKey: crmKeys.permissions() });
          if (answer.telegram) notifier.success(messages.telegramIdUpdated);
          if (line !== (me.default_call_line ?? '') && !answer.dahili)
            notifier.success(workflowMessages.callDefaultLineSaved);
          if (answer.dahili) {
            notifier.success(messages.dahiliUpdated);
            // Let the toast be read before the reload.
            window.setTimeout(() => window.location.reload(), TOAST_MS.short);
          }
        },
        onError: (error) => refuse(error.message),
      },
    );
  };

  return (
    <Card className="profile-card" compact>
      <h3 className="profile-card-title">{shellTexts.contactTitle}</h3>
      <form onSubmit={submit}>
        {problem ? (
          <Callout intent="danger" icon="error" className="profile-callout" data-testid="profile-problem">
            {problem}
          </Callout>
        ) : null}
        <FormGroup label={shellTexts.dahili} labelFor="profile-dahili">
          <InputGroup
            id="profile-dahili"
            value={dahili}
            inputMode="numeric"
            maxLength={20}
            onChange={(event) => setDahili(event.currentTarget.value)}
            data-testid="profile-dahili"
          />
        </FormGroup>
        <FormGroup label={shellTexts.telegramId} labelFor="profile-telegram">
          <InputGroup
            id="profile-telegram"
            value={telegram}
            maxLength={64}
            onChange={(event) => setTelegram(event.currentTarget.value)}
            data-testid="profile-telegram"
          />
        </FormGroup>
        <FormGroup
          label={workflowMessages.callDefaultLine}
          labelFor="profile-call-line"
          helperText={workflowMessages.callDefaultLineHint}
        >
          <HTMLSelect
            id="profile-call-line"
            value={line}
            onChange={(event) => setLine(event.currentTarget.value)}
            options={[
              { value: '', label: workflowMessages.callDefaultLineNone },
              ...CALL_LINES.map((item) => ({
                value: String(item.value),
                label: format(workflowMessages.callLineName, { line: item.label }),
              })),
            ]}
            data-testid="profile-call-line"
          />
        </FormGroup>
        <Button
          type="submit"
          intent="primary"
          icon="floppy-disk"
          text={messages.save}
          loading={save.isPending}
          data-testid="profile-save"
        />
      </form>
    </Card>
  );
}
