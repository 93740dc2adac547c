import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { DATASET_ERRORS, isCsvFileName, isUnsafeText, MAX_UPLOAD_BYTES } from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { writeUploadedFile } from '../../platform/storage/index.ts';

/**
 * Receiving an uploaded CSV: the checks run before any byte is stored where they can, and the file
 * streams to disk through `pipeline`, so memory stays constant whatever the size.
 *
 * - size: a declared Content-Length beyond the limit plus what a multipart envelope can hold is refused at
 *   once (413); otherwise the stream itself stops at the limit (the file must be under 2,000,000,000 bytes).
 * - type: the file name must end in .csv; it is in the part's headers, read before the content.
 */

/** More than the multipart envelope around the file can take with the global limits (20 fields of 10 kB...). */
export const MULTIPART_ENVELOPE_BYTES = 1024 * 1024;
const FIELD = 'file';
const JOB_ID = /^[0-9a-f]{24}$/;

export const tooLarge = () => new HttpError('too-large', 'dataset.fileTooLarge', { [FIELD]: 'dataset.fileTooLarge' });

export class UploadAbortedError extends Error {
  override name = 'UploadAbortedError';
  constructor(cause: unknown) {
    super(DATASET_ERRORS.cancelledByUser, { cause });
  }
}

export const uploadsDir = (dataDir: string) => path.join(path.resolve(dataDir), 'uploads');

/** Where an upload waits for its import: `DATA_DIR/uploads/{jobId}.csv`. */
export function uploadPath(dataDir: string, jobId: string): string {
  if (!JOB_ID.test(jobId)) throw new Error(`Invalid job id: ${JSON.stringify(jobId)}`);
  return path.join(uploadsDir(dataDir), `${jobId}.csv`);
}

/** The checks made before anything is stored; answers the file part, its content not read yet. */
export async function openCsvPart(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest('dataset.notMultipart', { [FIELD]: 'field.required' });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared >= MAX_UPLOAD_BYTES + MULTIPART_ENVELOPE_BYTES) throw tooLarge();
  // The limit lets MAX_UPLOAD_BYTES - 1 bytes through: the file must be under the limit.
  const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES - 1 } });
  if (!part || part.fieldname !== FIELD) throw badRequest('dataset.noFile', { [FIELD]: 'field.required' });
  // The file's name is stored (the job's fileName, a new dataset's name): text PostgreSQL takes, or 400.
  if (isUnsafeText(part.filename)) {
    part.file.resume();
    throw badRequest('generic.invalid', { [FIELD]: 'field.unsafeText' });
  }
  if (!isCsvFileName(part.filename)) {
    part.file.resume(); // let the rest of the request drain
    throw badRequest('dataset.wrongFileType', { [FIELD]: 'dataset.wrongFileType' });
  }
  return part;
}

const isTooLarge = (error: unknown, part: MultipartFile) =>
  part.file.truncated || (error as { code?: string } | undefined)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Streams the part's content to `target` (created, never overwritten) and answers its size. On any failure the
 * partial file is removed: a file over the limit throws 413 'file too large'; a client that went away (the
 * upload was cancelled) throws UploadAbortedError.
 */
export async function storePart(part: MultipartFile, target: string): Promise<number> {
  try {
    await writeUploadedFile(part.file, target);
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    await rm(target, { force: true });
    if (error instanceof HttpError) throw error;
    if (isTooLarge(error, part)) throw tooLarge();
    // A file system failure (disk full...) is the server's; anything else on the request stream is the client leaving.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw new UploadAbortedError(error);
  }
  return (await stat(target)).size;
}
