import { ACCEPTED_EXTENSION, DATASET_MESSAGES, MAX_UPLOAD_BYTES } from './constants.ts';

/** Whether a file name is accepted for an upload or an append: it ends in .csv (any case). */
export function isCsvFileName(name: string): boolean {
  return name.trim().toLowerCase().endsWith(ACCEPTED_EXTENSION);
}

/** The dataset name an upload defaults to: the file name without its extension. */
export function datasetNameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/**
 * The upload checks, run by the dropzone before sending and by the server before storing:
 * 'wrong file type' unless the name ends in .csv, 'file too large' unless the size is under 2,000,000,000 bytes.
 */
export function uploadFileError(file: { name: string; size: number }): string | undefined {
  if (!isCsvFileName(file.name)) return DATASET_MESSAGES.wrongFileType;
  if (file.size >= MAX_UPLOAD_BYTES) return DATASET_MESSAGES.fileTooLarge;
  return undefined;
}
