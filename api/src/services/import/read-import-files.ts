import type { TImportFile, TImportModel, TImportSource } from './import-model.ts';
import { parseCanny } from './parse-canny.ts';
import { parseFider } from './parse-fider.ts';
import { parseGenericCsv } from './parse-generic-csv.ts';
import { parseUserVoice } from './parse-uservoice.ts';

const PARSERS: Record<TImportSource, (files: readonly TImportFile[], now?: Date) => TImportModel> =
  {
    CANNY: parseCanny,
    USERVOICE: parseUserVoice,
    FIDER: parseFider,
    CSV: parseGenericCsv,
  };

/** Reads a source's export files into the common model (throws ImportFileError for an unreadable file). */
export function readImportFiles(
  source: TImportSource,
  files: readonly TImportFile[],
  now?: Date,
): TImportModel {
  return PARSERS[source](files, now);
}
