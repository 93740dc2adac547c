import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, for `inject` (the logo and upload routes). */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----tessera${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A text field or a file of a multipart form (`multipartForm`). */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body with these parts in order, for `inject`; names and values are sent as given. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----tessera${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => {
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('value' in part) return [Buffer.from(`${disposition}\r\n\r\n${part.value}\r\n`)];
    const head = `${disposition}; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    return [Buffer.from(head), part.bytes, Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1 x 1 png. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** `size` bytes that start like a png (the server judges the signature). */
export const pngOfSize = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length, 7)]);
