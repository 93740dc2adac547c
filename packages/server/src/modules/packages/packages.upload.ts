import { rm } from 'node:fs/promises';
import path from 'node:path';
import { api, isUnsafeText, MAX_PACKAGE_UPLOAD_BYTES } from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest, type ErrorMessage, HttpError, issueMessage } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { writeUploadedFile } from '../../platform/storage/index.ts';

/**
 * Receiving a package's multipart form (upload package): the fields `name`, `baseImage`, `projectId`
 * and the file `zipfile` (.zip only), streamed to `DATA_DIR/uploads/{random}.zip` so memory stays constant.
 * Any failure removes the partial file; the caller removes the zip once it is unpacked.
 */

const FILE = 'zipfile';
/** The longest zip file name kept (it is shown and stored as the package's file name). */
const MAX_FILENAME_CHARS = 200;
export interface ReceivedZip {
  fields: { name: string; baseImage: string; projectId?: string };
  zipPath: string;
  filename: string;
}

const tooLarge = () => new HttpError('too-large', 'package.zipTooLarge', { [FILE]: 'package.zipTooLarge' });

export async function receivePackageForm(request: FastifyRequest, dataDir: string): Promise<ReceivedZip> {
  if (!request.isMultipart()) throw badRequest('package.notMultipart', { [FILE]: 'field.required' });
  const raw: Record<string, string> = {};
  let zipPath: string | undefined;
  let filename = '';
  let wrongType = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PACKAGE_UPLOAD_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== FILE || zipPath) {
        part.file.resume();
        continue;
      }
      filename = path.basename(part.filename || '');
      if (!filename.toLowerCase().endsWith('.zip')) {
        wrongType = true;
        part.file.resume();
        continue;
      }
      const target = path.join(path.resolve(dataDir), 'uploads', `${newId()}.zip`);
      zipPath = target;
      await writeUploadedFile(part.file, target);
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    if (zipPath) await rm(zipPath, { force: true });
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw badRequest('package.uploadIncomplete', { [FILE]: 'package.uploadIncomplete' });
  }
  const parsed = api.packageUploadFields.safeParse(raw);
  const fields: Record<string, ErrorMessage> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issueMessage(issue);
  }
  // NUL and unpaired surrogates never reach the database (docs/security.md, "Uploads"): a 400 naming the field.
  for (const name of Object.keys(api.packageUploadFields.shape)) {
    if (isUnsafeText(raw[name] ?? '')) fields[name] = 'field.unsafeText';
  }
  if (isUnsafeText(filename)) fields[FILE] = 'field.unsafeText';
  else if (filename.length > MAX_FILENAME_CHARS) fields[FILE] = 'field.max200';
  else if (wrongType) fields[FILE] = 'package.zipOnly';
  else if (!zipPath) fields[FILE] = 'field.required';
  if (Object.keys(fields).length || !parsed.success || !zipPath) {
    if (zipPath) await rm(zipPath, { force: true });
    throw badRequest('generic.invalid', fields);
  }
  return { fields: parsed.data, zipPath, filename };
}
