import {
  ImportFileError,
  parseImportFile,
  type ImportFileProblem,
  type ParsedImportFile,
} from '../shared/domain/import-file';
import type { ImportLimits } from '../shared/domain/import-limits';

/** What the worker thread is given: the file's path and the name its type is judged by. */
export interface ImportParseRequest {
  path: string;
  name: string;
  limits: ImportLimits;
}

/** The worker thread's answer: the parsed sheet, or the problem (with technical text for the log). */
export type ImportParseReply =
  { ok: true; file: ParsedImportFile } | { ok: false; problem: ImportFileProblem; detail?: string };

/**
 * Reads and parses one import file; every failure becomes a reply (a refused file is an answer, not a
 * crash). Unexpected errors are answered as an invalid file with the technical text for the log.
 */
export async function runImportParse(
  request: ImportParseRequest,
  read: (path: string) => Promise<Uint8Array>,
): Promise<ImportParseReply> {
  try {
    const bytes = await read(request.path);
    return { ok: true, file: parseImportFile(request.name, bytes, request.limits) };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, problem: error.problem };
    return {
      ok: false,
      problem: 'invalidFile',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}
