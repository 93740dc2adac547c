import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { serveAssets } from './webAssets.ts';

/** Which HTML page answers a web app path (the history fallback). */
export interface WebPages {
  pageFor(pathname: string): string;
}

/** A public dashboard, or the preview the server screenshots: public.html preloads what they run (build/publicPage.ts). */
const PUBLIC_DASHBOARD_PATH = /^\/(public\/dashboards|preview\/projects\/[^/]+\/dashboards)\//;

/**
 * Serves the built web app: its files, and index.html for every other non-API path (history fallback) so
 * that a reload on any app route works; public and preview dashboard paths get public.html, the same page with
 * the chunks they need preloaded. The build writes a brotli and a gzip copy beside each text file
 * (vite.config.ts); the copy the request's Accept-Encoding prefers is sent (br, then gzip, else the file).
 * Hashed assets are answered from memory and cached for a year (webAssets.ts), index.html is revalidated on
 * every load, other files for an hour.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | undefined): Promise<WebPages | undefined> {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return undefined;
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
      // The hashed assets are answered from memory (webAssets.ts).
      globIgnore: ['assets/**'],
      index: false,
      decorateReply: false,
      preCompressed: true,
      maxAge: '1h',
      setHeaders(res, filePath) {
        if (/(index|public)\.html(\.br|\.gz)?$/.test(filePath)) res.header('cache-control', 'no-cache');
      },
    });
    serveAssets(scope, distDir);
  });
  const publicPage = existsSync(path.join(distDir, 'public.html'));
  return { pageFor: (pathname) => (publicPage && PUBLIC_DASHBOARD_PATH.test(pathname) ? 'public.html' : 'index.html') };
}
