import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SaveExportInput, SaveExportOutcome } from '../shared/bridge';
import { errorAnswer, resolveExportUrl, type FetchLike } from '../shared/contract';
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
  /** The stored session token; it is sent only to a URL on the API base. */
  token(): Promise<string | null>;
  fetch: FetchLike;
  /** null where no window can show a dialog (e2e harness without one): saving is then refused. */
  showSaveDialog: ShowSaveDialog | null;
  /** Folder the dialog opens in, e.g. the user's Downloads. */
  defaultDirectory?: () => string;
  timeoutMs?: number;
  log?: Log;
}

export interface ExportDownloader {
  saveExport(input: SaveExportInput): Promise<SaveExportOutcome>;
}

const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;

async function failureMessage(response: Response): Promise<string> {
  if (response.status === 401) return messages.sessionExpired;
  try {
    const parsed = errorAnswer.safeParse(await response.json());
    if (parsed.success) return parsed.data.msg;
  } catch {
    // Not our JSON error answer: fall through to the generic text.
  }
  return messages.exportFailed;
}

/**
 * Saves one export file in the desktop app: the renderer never holds the token, so the main process
 * checks the URL is on the API base, asks where to save, downloads with the Authorization header, and
 * writes the file (to `<path>.part` first, renamed when complete, so a failed download leaves nothing
 * that looks finished).
 */
export function createExportDownloader(deps: ExportDownloaderDeps): ExportDownloader {
  const log = deps.log ?? consoleLog;
  const timeoutMs = deps.timeoutMs ?? DOWNLOAD_TIMEOUT_MS;

  const download = async (url: string, token: string, target: string): Promise<SaveExportOutcome> => {
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}` },
        // A redirect could carry the request (and the token) to another origin: refuse it.
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return { ok: false, message: messages.crmAccessProblem };
    }
    if (!response.ok || !response.body) return { ok: false, message: await failureMessage(response) };

    const partPath = `${target}.part`;
    try {
      const file = await open(partPath, 'w');
      try {
        const reader = response.body.getReader();
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
      const url = resolveExportUrl(apiBase, input.url);
      if (url === null) return { ok: false, message: messages.invalidRequest };
      const token = await deps.token();
      if (token === null) return { ok: false, message: messages.sessionExpired };
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
      return download(url, token, choice.filePath);
    },
  };
}
