import electronLog from 'electron-log/main';
import { LOG_MAX_BYTES, redactLogData } from './log-redaction';
import type { Log } from './log';

/**
 * The main process's log through electron-log (docs/security.md#desktop-app): main.log in the OS's log
 * folder (Windows %APPDATA%\<app>\logs, macOS ~/Library/Logs/<app>, Linux ~/.config/<app>/logs),
 * moved to main.old.log past LOG_MAX_BYTES, written without losing lines on a crash. Every line loses
 * its secrets first (log-redaction.ts). The one file that imports electron-log: it needs Electron.
 */
export function createElectronLog(): Log {
  electronLog.transports.file.fileName = 'main.log';
  electronLog.transports.file.maxSize = LOG_MAX_BYTES;
  electronLog.transports.file.format = '{iso} {text}';
  electronLog.transports.console.format = '[crm] {text}';
  electronLog.hooks.push((message) => ({ ...message, data: redactLogData(message.data) }));
  return (message) => electronLog.info(message);
}
