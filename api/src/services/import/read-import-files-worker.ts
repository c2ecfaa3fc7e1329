import { parentPort, workerData } from 'node:worker_threads';
import { ImportFileError } from './import-model.ts';
import { readImportFiles } from './read-import-files.ts';
import type { TReadAnswer, TReadRequest } from './read-import-files.ts';

/**
 * The worker thread that reads an import's files (read-import-files.ts,
 * readImportFilesOffThread): one request in workerData, one answer posted, then it ends.
 */
const { source, files, now } = workerData as TReadRequest;
let answer: TReadAnswer;
try {
  answer = { model: readImportFiles(source, files, now) };
} catch (error) {
  answer =
    error instanceof ImportFileError
      ? { problem: error.problem }
      : { failure: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(answer);
