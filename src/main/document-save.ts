import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SaveDocumentInput, SaveExportOutcome } from '../shared/bridge';
import { looksLikePdf, safePdfFileName, SAVE_DOCUMENT_MAX_BYTES } from '../shared/domain/document-file';
import { messages } from '../shared/i18n/messages';
import type { ShowSaveDialog } from './export-download';
import { consoleLog, type Log } from './log';

export interface DocumentSaverDeps {
  /** null where no window can show a dialog: saving is then refused. */
  showSaveDialog: ShowSaveDialog | null;
  defaultDirectory?: () => string;
  log?: Log;
}

export interface DocumentSaver {
  saveDocument(input: SaveDocumentInput): Promise<SaveExportOutcome>;
}

/**
 * Saves a document the renderer built (an offer's PDF, docs/requirements.md#lead-workspace-and-work-screens /bids) where the user chooses in the
 * OS save dialog. Only PDF bytes are written (checked here, whatever the renderer claims), to
 * `<path>.part` first and renamed when complete.
 */
export function createDocumentSaver(deps: DocumentSaverDeps): DocumentSaver {
  const log = deps.log ?? consoleLog;
  return {
    async saveDocument(input) {
      const bytes = Buffer.from(input.base64, 'base64');
      if (bytes.length === 0 || bytes.length > SAVE_DOCUMENT_MAX_BYTES || !looksLikePdf(bytes)) {
        return { ok: false, message: messages.invalidRequest };
      }
      if (!deps.showSaveDialog) return { ok: false, message: messages.exportUnavailable };
      const fileName = safePdfFileName(input.suggestedName);
      const directory = deps.defaultDirectory?.();
      const choice = await deps.showSaveDialog({
        title: fileName,
        defaultPath: directory ? join(directory, fileName) : fileName,
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (choice.canceled || !choice.filePath) {
        return { ok: false, canceled: true, message: messages.exportCanceled };
      }
      const target = choice.filePath;
      const partPath = `${target}.part`;
      try {
        await writeFile(partPath, bytes);
        await rename(partPath, target);
        return { ok: true, path: target };
      } catch (error) {
        log(`Document could not be saved: ${error instanceof Error ? error.message : String(error)}`);
        await rm(partPath, { force: true }).catch(() => undefined);
        return { ok: false, message: messages.exportSaveFailed };
      }
    },
  };
}
