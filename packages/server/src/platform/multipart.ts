import type { Multipart, MultipartFile } from '@fastify/multipart';
import { isUnsafeText, type ServerMessage, unsafeTextPath } from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** The longest field name and file name a multipart form may send (as any name field), and field value. */
export const MULTIPART_NAME_MAX = 200;
export const MULTIPART_VALUE_MAX = 5000;

/**
 * What the contract validator (validation.ts) is to a JSON body, for multipart forms: every part a handler reads
 * is checked first, its field name, its file name or its value: no NUL or unpaired surrogate (PostgreSQL refuses
 * them, the file system cuts names at a NUL), no name over 200 characters, no value over 5000 (or cut by the
 * parser's limit). A faulty part answers 400 naming the field, before the handler sees it (docs/security.md).
 * `route` (routes.ts) puts this guard on every multipart request, so every upload route has it.
 */
export function guardMultipart(request: FastifyRequest): void {
  const parts = request.parts.bind(request);
  request.parts = (options) => checked(parts(options));
  request.file = async (options) => {
    for await (const part of request.parts(options)) if (part.type === 'file') return part;
    return undefined;
  };
  request.files = async function* (options) {
    for await (const part of request.parts(options)) if (part.type === 'file') yield part;
  };
}

async function* checked(parts: AsyncIterableIterator<Multipart>): AsyncIterableIterator<Multipart> {
  for await (const part of parts) {
    const fault = faultOf(part);
    if (fault) {
      if (part.type === 'file') part.file.resume(); // let the refused file's bytes drain
      throw badRequest('generic.invalid', { [fault.field]: fault.message });
    }
    yield part;
  }
}

/** The part's first fault, under the name of its field (made printable when the name itself is at fault). */
export function faultOf(part: Multipart): { field: string; message: ServerMessage } | undefined {
  const name = part.fieldname;
  if (isUnsafeText(name)) return { field: printable(name), message: 'field.unsafeText' };
  if (name.length > MULTIPART_NAME_MAX) return { field: printable(name), message: 'field.max200' };
  if (part.type === 'file') return fileNameFault(part);
  if (unsafeTextPath(part.value)) return { field: name, message: 'field.unsafeText' };
  const text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value ?? '');
  if (part.valueTruncated || text.length > MULTIPART_VALUE_MAX) return { field: name, message: 'field.max5000' };
  return undefined;
}

function fileNameFault(part: MultipartFile): { field: string; message: ServerMessage } | undefined {
  if (isUnsafeText(part.filename)) return { field: part.fieldname, message: 'field.unsafeText' };
  if (part.filename.length > MULTIPART_NAME_MAX) return { field: part.fieldname, message: 'field.max200' };
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A name as it can be shown and stored: unsafe characters replaced, cut to the longest name allowed. */
function printable(name: string): string {
  const safe = name.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
  return safe.length > MULTIPART_NAME_MAX ? `${safe.slice(0, MULTIPART_NAME_MAX)}…` : safe;
}
