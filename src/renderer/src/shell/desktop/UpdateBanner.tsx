import { Button, Callout, ProgressBar } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { DesktopBridge, UpdateStatus } from '../../../../shared/bridge';
import { desktopTexts } from '../../../../shared/i18n/desktop-texts';
import { format } from '../../../../shared/i18n/messages';
import { useBridge } from '../../bridge/bridge-context';
import { bannerVisible } from './banner-visible';
import './desktop.css';

interface BannerAction {
  text: string;
  run(): void;
  testId: string;
}

/** A message with, for a decision, its primary button and "Sonra"; otherwise a close button. */
function Choice({
  text,
  action,
  dismiss,
}: {
  text: string;
  action?: BannerAction;
  dismiss(): void;
}): ReactNode {
  return (
    <>
      <span>{text}</span>
      {action ? (
        <>
          <Button
            size="small"
            intent="primary"
            text={action.text}
            onClick={action.run}
            data-testid={action.testId}
          />
          <Button size="small" variant="minimal" text={desktopTexts.updateLater} onClick={dismiss} />
        </>
      ) : (
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          aria-label={desktopTexts.updateLater}
          onClick={dismiss}
        />
      )}
    </>
  );
}

function BannerBody({
  status,
  updates,
  dismiss,
}: {
  status: UpdateStatus;
  updates: DesktopBridge['updates'];
  dismiss(): void;
}): ReactNode {
  const version = status.version ?? '';
  switch (status.state) {
    case 'checking':
      return <span>{desktopTexts.updateChecking}</span>;
    case 'upToDate':
      return <Choice text={desktopTexts.updateUpToDate} dismiss={dismiss} />;
    case 'available':
      return (
        <Choice
          text={format(desktopTexts.updateAvailable, { version })}
          action={{
            text: desktopTexts.updateDownload,
            run: () => void updates.download(),
            testId: 'update-download',
          }}
          dismiss={dismiss}
        />
      );
    case 'downloading':
      return (
        <>
          <span>{format(desktopTexts.updateDownloading, { percent: status.percent ?? 0 })}</span>
          <ProgressBar
            className="update-progress"
            value={(status.percent ?? 0) / 100}
            animate={false}
            stripes={false}
          />
        </>
      );
    case 'downloaded':
      return (
        <Choice
          text={format(desktopTexts.updateDownloaded, { version })}
          action={{
            text: desktopTexts.updateRestart,
            run: () => void updates.restart(),
            testId: 'update-restart',
          }}
          dismiss={dismiss}
        />
      );
    default:
      return <Choice text={status.message ?? desktopTexts.updateFailed} dismiss={dismiss} />;
  }
}

/**
 * The installed app's update bar (see docs/it-deployment.md): progress, "Güncellemek için yeniden başlat", or why an
 * update was refused. "Sonra" hides it until the state changes; a downloaded update still installs on quit.
 */
export function UpdateBanner(): ReactNode {
  const bridge = useBridge();
  const desktop = bridge.desktop;
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!desktop) return;
    let live = true;
    void desktop.updates.status().then((current) => {
      if (live) setStatus(current);
    });
    const off = bridge.on('updateStatus', setStatus);
    return () => {
      live = false;
      off();
    };
  }, [bridge, desktop]);

  if (!desktop || !status || !bannerVisible(status)) return null;
  const key = `${status.state}:${status.version ?? ''}`;
  if (dismissed === key) return null;
  const intent = status.state === 'error' ? 'danger' : status.state === 'downloaded' ? 'success' : 'primary';
  return (
    <Callout
      className="update-banner"
      intent={intent}
      icon={status.state === 'error' ? 'shield' : 'automatic-updates'}
      compact
      data-testid="update-banner"
      data-state={status.state}
    >
      <div className="update-banner-row">
        <BannerBody status={status} updates={desktop.updates} dismiss={() => setDismissed(key)} />
      </div>
    </Callout>
  );
}
