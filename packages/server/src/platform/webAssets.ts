import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { contentType } from 'mime-types';
import { notFound } from './errors.ts';

/** Hashed build outputs (Vite's `assets/name-HASH.js`): their content never changes under a name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The copies the build writes beside a text file, in the order they are preferred (build/precompress.ts). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the build's `assets/` folder from memory: the files a page loads (a public dashboard: ~50 scripts) are
 * read from disk once, then answered without a file system call, each in the compressed copy the request
 * accepts (brotli, then gzip, else the file: negotiated as @fastify/static does), cached for a year. A name the build did not write is a 404: the
 * folder is listed once at start, so no request path ever reaches the file system. At most MAX_BYTES are kept.
 */
export function serveAssets(scope: FastifyInstance, distDir: string): void {
  const dir = path.join(distDir, 'assets');
  const names = new Set(listFiles(dir));
  const kept = new LRUCache<string, Buffer>({ maxSize: MAX_BYTES, sizeCalculation: (body) => body.length || 1 });
  const read = async (name: string) => {
    let body = kept.get(name);
    if (!body) {
      body = await readFile(path.join(dir, name));
      kept.set(name, body);
    }
    return body;
  };
  scope.get<{ Params: { file: string } }>('/assets/:file', async (request, reply) => {
    const { file } = request.params;
    // Not the app's page: a script that is not there must fail as one, not load HTML.
    if (!names.has(file)) throw notFound();
    const written = ENCODINGS.filter((e) => names.has(file + e.suffix));
    const chosen = negotiate(
      (request.headers['accept-encoding'] ?? '').toLowerCase(),
      written.map((e) => e.name),
    );
    const copy = written.find((e) => e.name === chosen);
    reply
      .header('content-type', contentType(path.extname(file)) || 'application/octet-stream')
      .header('cache-control', IMMUTABLE)
      .header('vary', 'accept-encoding');
    if (copy) reply.header('content-encoding', copy.name);
    return reply.send(await read(copy ? file + copy.suffix : file));
  });
}

const MAX_BYTES = 64 * 1024 * 1024;

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
