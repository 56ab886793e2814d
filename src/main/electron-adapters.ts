import { utilityProcess, type IpcMainInvokeEvent } from 'electron';
import type { EmbeddedChild } from './embedded-server';
import type { IpcSender } from './ipc-router';

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
