import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS, ImportFileError } from './import-model.ts';
import type { TImportFile, TImportModel, TImportProblem, TImportSource } from './import-model.ts';
import { parseCanny } from './parse-canny.ts';
import { parseFider } from './parse-fider.ts';
import { parseGenericCsv } from './parse-generic-csv.ts';
import { parseUserVoice } from './parse-uservoice.ts';
import { createSlots } from './slots.ts';

const PARSERS: Record<TImportSource, (files: readonly TImportFile[], now?: Date) => TImportModel> =
  {
    CANNY: parseCanny,
    USERVOICE: parseUserVoice,
    FIDER: parseFider,
    CSV: parseGenericCsv,
  };

const MB = 1024 * 1024;

/**
 * Reads a source's export files into the common model (throws ImportFileError for an unreadable
 * file). A file past IMPORT_LIMITS.maxFileBytes is refused before it is parsed (a zip's files
 * are counted while they are unpacked, unzip-within-limits.ts). Synchronous: the server calls
 * readImportFilesOffThread, which runs this in a worker thread.
 */
export function readImportFiles(
  source: TImportSource,
  files: readonly TImportFile[],
  now?: Date,
): TImportModel {
  for (const file of files) {
    if (file.data.length > IMPORT_LIMITS.maxFileBytes) {
      throw new ImportFileError({
        file: file.name,
        row: 1,
        column: null,
        message: `The file is larger than ${IMPORT_LIMITS.maxFileBytes / MB} MB.`,
      });
    }
  }
  return PARSERS[source](files, now);
}

/** What the worker thread (read-import-files-worker.ts) answers. */
export type TReadAnswer =
  { model: TImportModel } | { problem: TImportProblem } | { failure: string };

export type TReadRequest = { source: TImportSource; files: TImportFile[]; now?: Date };

/**
 * The worker's heap: a 32 MB JSON file parses to a few hundred MB of objects at most; past this
 * the worker ends (ERR_WORKER_OUT_OF_MEMORY) and the server does not.
 */
const WORKER_HEAP_MB = 512;
/** Imports read at once; the others wait their turn (each may hold a few hundred MB). */
const WORKERS_AT_ONCE = 2;

const inWorkerSlot = createSlots(WORKERS_AT_ONCE);

/**
 * The worker's script. Running from TypeScript sources (tsx, vitest) the worker registers tsx's
 * loader and imports the .ts file; from the bundle (scripts/build-server.mjs) it runs
 * dist/server/import-worker.js, beside main.js (this module may sit in chunks/).
 */
function workerScript(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs');
    const entry = new URL('./read-import-files-worker.ts', here).href;
    const source = `const { register } = await import(${JSON.stringify(pathToFileURL(tsx).href)});
register();
await import(${JSON.stringify(entry)});`;
    return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
  }
  for (const candidate of ['./import-worker.js', '../import-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error('The import worker (import-worker.js) is missing beside the server bundle.');
}

function runWorker(request: TReadRequest): Promise<TImportModel> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript(), {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let answer: TReadAnswer | null = null;
    worker.once('message', (message: TReadAnswer) => {
      answer = message;
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        reject(
          new ImportFileError({
            file: request.files.map((file) => file.name).join(', '),
            row: 1,
            column: null,
            message: 'The files are too large to read at once: import them in parts.',
          }),
        );
      } else {
        reject(error);
      }
    });
    worker.once('exit', () => {
      const got = answer as TReadAnswer | null;
      if (!got) return reject(new Error('The import worker ended without an answer.'));
      if ('model' in got) resolve(got.model);
      else if ('problem' in got) reject(new ImportFileError(got.problem));
      else reject(new Error(got.failure));
    });
  });
}

/**
 * readImportFiles in a worker thread, so that unpacking and parsing an export (seconds of CPU
 * for a large one) never stalls the server's other requests; at most WORKERS_AT_ONCE at a time.
 */
export async function readImportFilesOffThread(
  source: TImportSource,
  files: readonly TImportFile[],
  now?: Date,
): Promise<TImportModel> {
  return inWorkerSlot(() => runWorker({ source, files: [...files], ...(now ? { now } : {}) }));
}
