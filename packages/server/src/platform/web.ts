import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';

/** Hashed build outputs (Vite's `assets/name-HASH.js`): their content never changes under a name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: its files, and index.html for every other non-API path (history fallback) so
 * that a reload on any app route works. The build writes a brotli and a gzip copy beside each text file
 * (vite.config.ts); the copy the request's Accept-Encoding prefers is sent (br, then gzip, else the file).
 * Hashed assets are cached for a year, index.html is revalidated on every load, other files for an hour.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | undefined): Promise<boolean> {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return false;
  // The history fallback (installNotFound, on the root context) answers with reply.sendFile('index.html'):
  // decorate the reply at the root without serving any route; the routes below live in their own scope
  // (and do not decorate again) so that their onRoute hook marks only them public.
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    serve: false,
    cacheControl: false,
    preCompressed: true,
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (options) => {
      options.config = { ...(options.config as object), access: PUBLIC };
    });
    await scope.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      maxAge: '1h',
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', IMMUTABLE);
        else if (/index\.html(\.br|\.gz)?$/.test(filePath)) res.header('cache-control', 'no-cache');
      },
    });
  });
  return true;
}
