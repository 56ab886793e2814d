import { Notification, utilityProcess, type IpcMainInvokeEvent } from 'electron';
import type { EmbeddedChild } from './embedded-server';
import type { IpcSender } from './ipc-router';
import type { Log } from './log';
import type { Notifier } from './reminder-notifier';

/** The embedded server runs in an Electron utility process: a Node runtime without the window's rights. */
export function forkUtilityProcess(entryPath: string, env: Record<string, string>): EmbeddedChild {
  return utilityProcess.fork(entryPath, [], {
    // An env given to fork replaces the whole environment, so keep PATH, HOME, proxies and the like.
    env: { ...process.env, ...env },
    serviceName: 'CRM sunucusu',
    stdio: 'inherit',
  });
}

/** The router's view of who sent an invoke: the frame's URL and whether it is the top frame. */
export function ipcSenderOf(event: IpcMainInvokeEvent): IpcSender {
  const frame = event.senderFrame;
  return { frameUrl: frame?.url ?? '', isMainFrame: frame !== null && frame === event.sender.mainFrame };
}

/** Native notifications through Electron; silent where the OS offers none. */
export function electronNotifier(log: Log): Notifier {
  // A Notification nobody references can be collected before it is clicked, and its click is lost.
  const alive = new Set<Notification>();
  return {
    show({ title, body, onClick }) {
      if (!Notification.isSupported()) {
        log('Native notifications are not supported here');
        return;
      }
      const notification = new Notification({ title, body });
      alive.add(notification);
      notification.on('click', () => {
        alive.delete(notification);
        onClick();
      });
      notification.on('close', () => alive.delete(notification));
      notification.on('failed', (_event, error) => {
        alive.delete(notification);
        log(`Native notification failed: ${error}`);
      });
      notification.show();
    },
  };
}
