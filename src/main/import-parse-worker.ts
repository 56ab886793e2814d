import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { runImportParse, type ImportParseRequest } from './import-parse-job';

/**
 * Worker-thread entry (built as out/main/import-parse-worker.js): parses one chosen import file so the
 * main process, which also drives the window, never blocks on a 100 MB spreadsheet.
 */
const request = workerData as ImportParseRequest;
void runImportParse(request, (path) => readFile(path)).then((reply) => parentPort?.postMessage(reply));
