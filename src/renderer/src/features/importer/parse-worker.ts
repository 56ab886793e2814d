import { ImportFileError, parseImportFile } from '../../../../shared/domain/import-file';
import type { ImportLimits } from '../../../../shared/domain/import-limits';
import type { ParseReply } from './parse-file';

/** Parses the picked file off the screen's thread; answers the rows or the reason it is refused. */
interface WorkerScope {
  onmessage:
    ((event: MessageEvent<{ name: string; bytes: ArrayBuffer; limits: ImportLimits }>) => void) | null;
  postMessage(message: ParseReply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { name, bytes, limits } = event.data;
  try {
    scope.postMessage({ ok: true, file: parseImportFile(name, new Uint8Array(bytes), limits) });
  } catch (error) {
    scope.postMessage({
      ok: false,
      problem: error instanceof ImportFileError ? error.problem : 'invalidFile',
    });
  }
};
