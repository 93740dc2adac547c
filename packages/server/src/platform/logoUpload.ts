import { LOGO_MAX_BYTES } from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.ts';
import { isPng } from './logo.ts';

/**
 * Reads the one file of a logo upload (multipart field `logo`) and checks it says: png only,
 * judged by its bytes, and under 16000 bytes. The stream stops at the limit, so an oversized upload is never
 * held in memory whole.
 */
export async function readLogoUpload(request: FastifyRequest, field = 'logo'): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('logo.notMultipart', { [field]: 'field.required' });
  const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES } });
  if (!part || part.fieldname !== field) throw badRequest('logo.missing', { [field]: 'field.required' });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError('too-large', 'dataset.fileTooLarge', { [field]: 'dataset.fileTooLarge' });
    throw err;
  }
  // The limit lets exactly LOGO_MAX_BYTES through; the spec wants the size under it.
  if (part.file.truncated || bytes.length >= LOGO_MAX_BYTES)
    throw new HttpError('too-large', 'dataset.fileTooLarge', { [field]: 'dataset.fileTooLarge' });
  if (!isPng(bytes)) throw badRequest('dataset.wrongFileType', { [field]: 'dataset.wrongFileType' });
  return bytes;
}
