import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SaveExportInput, SaveExportOutcome } from '../shared/bridge';
import { exportFileInput, type CallInput, type CallOutcome, type OpenedFile } from '../shared/contract';
import { safeExportFileName } from '../shared/domain/export';
import { messages } from '../shared/i18n/messages';
import { consoleLog, type Log } from './log';

/** Electron's dialog.showSaveDialog, reduced to what is used (a fake in tests). */
export interface SaveDialogOptions {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
}
export type ShowSaveDialog = (
  options: SaveDialogOptions,
) => Promise<{ canceled: boolean; filePath?: string | undefined }>;

export interface ExportDownloaderDeps {
  /** Where the API is now (the session manager's source): null while no server is reachable. */
  apiBase(): Promise<string | null>;
  /** Whether there is a session to download with; asked before the dialog opens. */
  hasSession(): Promise<boolean>;
  /** The exportFile call with the session's token (the session manager's `open`), its body unread. */
  open(input: CallInput<'exportFile'>): Promise<CallOutcome<OpenedFile>>;
  /** null where no window can show a dialog (e2e harness without one): saving is then refused. */
  showSaveDialog: ShowSaveDialog | null;
  /** Folder the dialog opens in, e.g. the user's Downloads. */
  defaultDirectory?: () => string;
  log?: Log;
}

export interface ExportDownloader {
  saveExport(input: SaveExportInput): Promise<SaveExportOutcome>;
}

/**
 * Saves one export file in the desktop app: the renderer never holds the token, so the main process
 * turns the URL into the contract's exportFile call (only a download on the API base is one), asks where
 * to save, and streams the answer into the file (to `<path>.part` first, renamed when complete, so a
 * failed download leaves nothing that looks finished).
 */
export function createExportDownloader(deps: ExportDownloaderDeps): ExportDownloader {
  const log = deps.log ?? consoleLog;

  const download = async (input: CallInput<'exportFile'>, target: string): Promise<SaveExportOutcome> => {
    const opened = await deps.open(input);
    if (!opened.ok) return { ok: false, message: opened.error.message };
    const partPath = `${target}.part`;
    try {
      const file = await open(partPath, 'w');
      try {
        const reader = opened.data.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          await file.write(value);
        }
      } finally {
        await file.close();
      }
      await rename(partPath, target);
      return { ok: true, path: target };
    } catch (error) {
      log(`Export could not be saved: ${error instanceof Error ? error.message : String(error)}`);
      await rm(partPath, { force: true }).catch(() => undefined);
      return { ok: false, message: messages.exportSaveFailed };
    }
  };

  return {
    async saveExport(input) {
      const apiBase = await deps.apiBase();
      if (apiBase === null) return { ok: false, message: messages.crmAccessProblem };
      const call = exportFileInput(apiBase, input.url);
      if (call === null) return { ok: false, message: messages.invalidRequest };
      if (!(await deps.hasSession())) return { ok: false, message: messages.sessionExpired };
      if (!deps.showSaveDialog) return { ok: false, message: messages.exportUnavailable };

      const fileName = safeExportFileName(input.suggestedName);
      const directory = deps.defaultDirectory?.();
      const choice = await deps.showSaveDialog({
        title: messages.exportToExcel,
        defaultPath: directory ? join(directory, fileName) : fileName,
        filters: [{ name: 'Excel', extensions: ['xlsx'] }],
      });
      if (choice.canceled || !choice.filePath) {
        return { ok: false, canceled: true, message: messages.exportCanceled };
      }
      return download(call, choice.filePath);
    },
  };
}
