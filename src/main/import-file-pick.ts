import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PickImportFileInput, PickImportFileOutcome } from '../shared/bridge';
import { importFileKind, type ImportFileProblem } from '../shared/domain/import-file';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../shared/domain/import-limits';
import type { ImportParseReply } from './import-parse-job';
import { consoleLog, type Log } from './log';

/** Electron's showOpenDialog, reduced to what the importer uses (index.ts passes the real one). */
export type ShowOpenDialog = (options: {
  title?: string;
  filters: { name: string; extensions: string[] }[];
  properties: 'openFile'[];
}) => Promise<{ canceled: boolean; filePaths: string[] }>;

/** Parses a file off the main thread; `createThreadParser` in production, a direct call in some tests. */
export type ParseImportFileAt = (
  path: string,
  name: string,
  limits: ImportLimits,
) => Promise<ImportParseReply>;

export interface ImportFilePickerDeps {
  /** null where no window can show a dialog: picking is then refused. */
  showOpenDialog: ShowOpenDialog | null;
  /** IMPORT_MAX_BYTES of the desktop app's own environment: the main process never reads more. */
  maxBytes: number;
  parse: ParseImportFileAt;
  log?: Log;
}

export interface ImportFilePicker {
  pickImportFile(input: PickImportFileInput): Promise<PickImportFileOutcome>;
}

const refused = (problem: ImportFileProblem): PickImportFileOutcome => ({
  ok: false,
  canceled: false,
  problem,
});

/**
 * The importer's file in the desktop app (see docs/user-guide.md#importing-leads): the OS dialog, then the checks that need no
 * reading (type by name, a regular file, not empty, within the smaller of the server's and this
 * machine's size limit), then the parse in a worker thread. The renderer never sees the path.
 */
export function createImportFilePicker(deps: ImportFilePickerDeps): ImportFilePicker {
  const log = deps.log ?? consoleLog;
  return {
    async pickImportFile(input) {
      if (!deps.showOpenDialog) return refused('noFile');
      const choice = await deps.showOpenDialog({
        filters: [{ name: 'CSV / Excel', extensions: ['csv', 'xlsx', 'txt'] }],
        properties: ['openFile'],
      });
      const path = choice.filePaths[0];
      if (choice.canceled || path === undefined) return { ok: false, canceled: true };
      const name = basename(path);
      if (importFileKind(name) === null) return refused('invalidFile');
      let size: number;
      try {
        const info = await stat(path);
        if (!info.isFile()) return refused('invalidFile');
        size = info.size;
      } catch (error) {
        log(`Import file could not be read: ${error instanceof Error ? error.message : String(error)}`);
        return refused('invalidFile');
      }
      if (size === 0) return refused('emptyWorksheet');
      const limits: ImportLimits = {
        ...DEFAULT_IMPORT_LIMITS,
        maxBytes: Math.min(input.maxBytes, deps.maxBytes),
      };
      if (size > limits.maxBytes) return refused('tooLarge');
      const reply = await deps.parse(path, name, limits);
      if (!reply.ok) {
        if (reply.detail !== undefined) log(`Import file could not be parsed: ${reply.detail}`);
        return refused(reply.problem);
      }
      return { ok: true, name, size, file: reply.file };
    },
  };
}

/**
 * Runs each parse in its own worker thread (`entryPath`: the built import-parse-worker.js), ended once it
 * answered; a thread that dies (out of memory on a hostile file) answers an invalid file.
 */
export function createThreadParser(entryPath: string | URL): ParseImportFileAt {
  return (path, name, limits) =>
    new Promise<ImportParseReply>((resolve) => {
      const worker = new Worker(entryPath, { workerData: { path, name, limits } });
      let settled = false;
      const settle = (reply: ImportParseReply): void => {
        if (settled) return;
        settled = true;
        resolve(reply);
        void worker.terminate();
      };
      worker.once('message', (reply: ImportParseReply) => settle(reply));
      worker.once('error', (error) => settle({ ok: false, problem: 'invalidFile', detail: error.message }));
      worker.once('exit', (code) =>
        settle({ ok: false, problem: 'invalidFile', detail: `parse worker exited with ${code}` }),
      );
    });
}
