import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: its files, and index.html for every other non-API path (history fallback) so
 * that a reload on any app route works.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | undefined): Promise<boolean> {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return false;
  // The history fallback (installNotFound, on the root context) answers with reply.sendFile('index.html'):
  // decorate the reply at the root without serving any route; the routes below live in their own scope
  // (and do not decorate again) so that their onRoute hook marks only them public.
  await app.register(fastifyStatic, { root: path.resolve(distDir), serve: false, cacheControl: false });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (options) => {
      options.config = { ...(options.config as object), access: PUBLIC };
    });
    await scope.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      decorateReply: false,
      maxAge: '1h',
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  });
  return true;
}
