/**
 * HTTP helpers the benchmarks drive the real server with: a JSON call to the API and a streamed multipart upload
 * of a file from disk.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Keep-alive connections for the JSON calls: each call reuses an open socket, as a browser does, and node:http
 * rather than fetch (undici), whose own cost per call (~0.3 ms on the reference machine) is the client's, not
 * the server's.
 */
const keepAlive = new http.Agent({ keepAlive: true });

/** A JSON call to the API; throws with the answer's body on any non-2xx status. */
export function requestJson<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const payload = body !== undefined ? JSON.stringify(body) : undefined;
  return new Promise<T>((resolve, reject) => {
    const req = http.request(
      base + url,
      {
        method,
        agent: keepAlive,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) reject(new Error(`${method} ${url}: ${status} ${text.slice(0, 500)}`));
          else {
            try {
              resolve(JSON.parse(text) as T);
            } catch (error) {
              reject(error);
            }
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Streams the file from disk as a hand-built multipart body (field `file`) piped into http.request, so
 * neither side of this process holds the file; answers the server's JSON reply (the import job).
 */
export async function uploadFile(base: string, url: string, token: string, csv: string): Promise<{ _id: string }> {
  const boundary = `----tessera-bench-${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(csv)}"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { size } = await stat(csv);
  const req = http.request(base + url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.write(head);
  await pipeline(createReadStream(csv, { highWaterMark: 1 << 20 }), req, { end: false });
  req.end(tail);
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`upload: ${status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as { _id: string };
}
