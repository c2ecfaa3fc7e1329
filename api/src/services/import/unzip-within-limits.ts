import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { IMPORT_LIMITS, ImportFileError } from './import-model.ts';
import type { TImportFile } from './import-model.ts';

/** Bytes handed to the unzipper at a time: one inflate step writes at most ~1,000 times this. */
const STEP_BYTES = 4 * 1024;
const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** Whether the bytes start as a zip archive's first local file header does. */
export const isZip = (data: Uint8Array) =>
  data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * The files of a zip whose names `isWanted` takes, unpacked within IMPORT_LIMITS: at most
 * maxZipEntries entries, maxFileBytes per file, maxUnpackedBytes together, and no file past its
 * first MB unpacking to more than maxUnpackRatio times the packed bytes read of it so far. The archive is fed to
 * fflate's streaming Unzip a few KB at a time and every inflated chunk is counted as it comes,
 * so unpacking stops at the first limit passed (a zip bomb never inflates in full: a 491 KB
 * export that unpacked to 480 MB took the process from 257 to 1,170 MB). Files not wanted are
 * never inflated. Past a limit: ImportFileError naming the zip, the file and the limit.
 */
export function unzipWithinLimits(
  zip: TImportFile,
  isWanted: (name: string) => boolean,
): { name: string; data: Uint8Array }[] {
  const refuse = (message: string): never => {
    throw new ImportFileError({ file: zip.name, row: 1, column: null, message });
  };
  const files: { name: string; chunks: Uint8Array[]; bytes: number; isDone: boolean }[] = [];
  let entries = 0;
  let unpacked = 0;
  /** Bytes of the archive handed to the unzipper so far. */
  let pushed = 0;
  let problem: string | null = null;
  const unzipper = new Unzip((entry) => {
    entries += 1;
    if (entries > IMPORT_LIMITS.maxZipEntries) {
      problem ??= `The zip file holds more than ${IMPORT_LIMITS.maxZipEntries} files.`;
      return;
    }
    if (!isWanted(entry.name) || problem) return;
    if ((entry.originalSize ?? 0) > IMPORT_LIMITS.maxFileBytes) {
      problem = `${entry.name} unpacks to more than ${mb(IMPORT_LIMITS.maxFileBytes)}.`;
      return;
    }
    const file = { name: entry.name, chunks: [] as Uint8Array[], bytes: 0, isDone: false };
    files.push(file);
    // At most this many packed bytes of the entry have been read when it has unpacked so far.
    const pushedBefore = pushed - STEP_BYTES;
    entry.ondata = (error, chunk, isFinal) => {
      if (problem) return;
      if (error) {
        problem = `The zip file cannot be read: ${error.message}`;
        return;
      }
      file.bytes += chunk.length;
      unpacked += chunk.length;
      if (file.bytes > IMPORT_LIMITS.maxFileBytes) {
        problem = `${entry.name} unpacks to more than ${mb(IMPORT_LIMITS.maxFileBytes)}.`;
      } else if (unpacked > IMPORT_LIMITS.maxUnpackedBytes) {
        problem = `The zip file unpacks to more than ${mb(IMPORT_LIMITS.maxUnpackedBytes)}.`;
      } else if (
        file.bytes > MB &&
        file.bytes > (pushed - pushedBefore) * IMPORT_LIMITS.maxUnpackRatio
      ) {
        problem = `${entry.name} unpacks to more than ${IMPORT_LIMITS.maxUnpackRatio} times its packed size: it looks like a zip bomb.`;
      }
      if (problem) {
        entry.terminate();
        file.chunks = [];
        return;
      }
      file.chunks.push(chunk);
      if (isFinal) file.isDone = true;
    };
    entry.start();
  });
  unzipper.register(UnzipInflate);
  unzipper.register(UnzipPassThrough);
  try {
    for (let at = 0; at < zip.data.length && !problem; at += STEP_BYTES) {
      const end = Math.min(at + STEP_BYTES, zip.data.length);
      pushed = end;
      unzipper.push(zip.data.subarray(at, end), end === zip.data.length);
    }
  } catch (error) {
    problem ??= `The zip file cannot be read: ${(error as Error).message}`;
  }
  if (problem) refuse(problem);
  const unfinished = files.find((file) => !file.isDone);
  if (unfinished) refuse(`The zip file ends inside ${unfinished.name}.`);
  return files.map(({ name, chunks, bytes }) => {
    const data = new Uint8Array(bytes);
    let at = 0;
    for (const chunk of chunks) {
      data.set(chunk, at);
      at += chunk.length;
    }
    return { name, data };
  });
}
