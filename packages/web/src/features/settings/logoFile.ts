import { LOGO_MAX_BYTES } from '@tessera/shared';

/** The 8 bytes every PNG file starts with (the PNG specification, section 5.2). */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type LogoProblem = 'type' | 'size';

/**
 * Checks a chosen logo before it is sent: png only, judged by its first bytes like the server does
 * (a file name or declared type says nothing), and under LOGO_MAX_BYTES.
 */
export async function logoProblem(file: Blob): Promise<LogoProblem | null> {
  const head = new Uint8Array(await readBytes(file.slice(0, PNG_SIGNATURE.length)));
  const png = head.length === PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => head[i] === byte);
  if (!png) return 'type';
  if (file.size >= LOGO_MAX_BYTES) return 'size';
  return null;
}

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // Older engines have Blob without arrayBuffer(); FileReader reads the same bytes.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
