import {
  importFileKind,
  type ImportFileProblem,
  type ParsedImportFile,
} from '../../../../shared/domain/import-file';
import type { DesktopBridge, PickImportFileOutcome } from '../../../../shared/bridge';
import { IMPORT_MAX_BYTES_CEILING, type ImportLimits } from '../../../../shared/domain/import-limits';

export type ParseReply = { ok: true; file: ParsedImportFile } | { ok: false; problem: ImportFileProblem };

/**
 * Reads a picked file in a web worker (the screen stays responsive on a 100 MB file). Name and size are
 * checked before a byte is read: a wrong type or a file over the limit is refused at once.
 */
export async function parsePickedFile(file: File, limits: ImportLimits): Promise<ParseReply> {
  if (importFileKind(file.name) === null) return { ok: false, problem: 'invalidFile' };
  if (file.size === 0) return { ok: false, problem: 'emptyWorksheet' };
  if (file.size > limits.maxBytes) return { ok: false, problem: 'tooLarge' };
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ParseReply>((resolve) => {
      worker.onmessage = (event: MessageEvent<ParseReply>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        resolve({ ok: false, problem: 'invalidFile' });
      };
      worker.postMessage({ name: file.name, bytes, limits }, [bytes]);
    });
  } finally {
    worker.terminate();
  }
}

/**
 * The desktop app's way (see docs/user-guide.md#importing-leads): its main process opens the OS dialog, checks type and size and parses
 * the file in a worker thread; only the sheet comes back. A failed IPC reads as an invalid file.
 */
export async function pickFileOnDesktop(
  desktop: DesktopBridge,
  limits: ImportLimits,
): Promise<PickImportFileOutcome> {
  try {
    return await desktop.pickImportFile({ maxBytes: Math.min(limits.maxBytes, IMPORT_MAX_BYTES_CEILING) });
  } catch {
    return { ok: false, canceled: false, problem: 'invalidFile' };
  }
}
