import { Button, Card, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { GlobalShortcutStatus } from '../../../../shared/bridge';
import { useNotifier } from '../../ui/toaster';
import { useBridge } from '../../bridge/bridge-context';
import { messages } from '../../../../shared/i18n/messages';
import { shellTexts } from '../../i18n/shell-texts';

/** Not under 'crm': the shortcut belongs to this machine, not to the server session. */
const SHORTCUT_KEY = ['bridge', 'globalShortcut'] as const;

type ShortcutFormProps = { status: GlobalShortcutStatus };

function ShortcutForm({ status }: ShortcutFormProps): ReactNode {
  const bridge = useBridge();
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(status.accelerator);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    try {
      const outcome = await bridge.settings.setGlobalShortcut(value.trim());
      queryClient.setQueryData(SHORTCUT_KEY, outcome.status);
      if (outcome.ok) notifier.success(shellTexts.globalShortcutSaved);
      else notifier.danger(shellTexts.globalShortcutFailed, outcome.message);
    } catch {
      notifier.danger(shellTexts.globalShortcutFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <FormGroup
        label={shellTexts.globalShortcut}
        labelFor="profile-shortcut"
        helperText={shellTexts.globalShortcutHint}
      >
        <InputGroup
          id="profile-shortcut"
          value={value}
          maxLength={64}
          spellCheck={false}
          onChange={(event) => setValue(event.currentTarget.value)}
          rightElement={
            <Tag minimal intent={status.registered ? 'success' : 'warning'}>
              {status.registered ? status.accelerator : '—'}
            </Tag>
          }
          data-testid="profile-shortcut"
        />
      </FormGroup>
      <Button
        type="submit"
        icon="key-command"
        text={messages.save}
        loading={saving}
        data-testid="profile-shortcut-save"
      />
    </form>
  );
}

/**
 * The desktop app's system-wide search shortcut (settings.setGlobalShortcut). The web edition cannot
 * register one, so the card is shown only where the bridge says it is available.
 */
export function GlobalShortcutCard(): ReactNode {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  // Another application can take the combination while the app runs; the main process tells us.
  useEffect(
    () => bridge.on('globalShortcutStatus', (next) => queryClient.setQueryData(SHORTCUT_KEY, next)),
    [bridge, queryClient],
  );
  const status = useQuery({
    queryKey: SHORTCUT_KEY,
    queryFn: () => bridge.settings.getGlobalShortcut(),
    enabled: bridge.edition === 'desktop',
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (bridge.edition !== 'desktop' || !status.data?.available) return null;
  return (
    <Card className="profile-card" compact>
      <ShortcutForm status={status.data} />
    </Card>
  );
}
