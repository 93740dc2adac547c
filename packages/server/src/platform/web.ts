import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { type PageAnswer, PUBLIC } from '@tessera/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerElement, type PageAnswerer, type PageAnswers } from './pageAnswers.ts';
import { GZIP_LEVEL, pageStreams } from './streamedPage.ts';
import { serveAssets } from './webAssets.ts';

const NO_ANSWERS: PageAnswerer = { answer: () => undefined };

/** Answers a web app path with its HTML page (the history fallback). */
export interface WebPages {
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** A public dashboard, or the preview the server screenshots: public.html preloads what they run (build/publicPage.ts). */
const PUBLIC_DASHBOARD_PATH = /^\/(public\/dashboards|preview\/projects\/[^/]+\/dashboards)\//;

/**
 * Serves the built web app: its files, and index.html for every other non-API path (history fallback) so
 * that a reload on any app route works; public and preview dashboard paths get public.html, the same page with
 * the chunks they need preloaded; a public dashboard's is streamed with its first answers written in
 * (`answerer`: pageAnswers.ts). The build writes a brotli and a gzip copy beside each text file
 * (vite.config.ts); the copy the request's Accept-Encoding prefers is sent (br, then gzip, else the file).
 * Hashed assets are answered from memory and cached for a year (webAssets.ts), index.html is revalidated on
 * every load, other files for an hour.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  answerer: PageAnswerer = NO_ANSWERS,
): Promise<WebPages | undefined> {
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
  const publicPath = path.join(distDir, 'public.html');
  const publicPage = existsSync(publicPath) ? await readFile(publicPath, 'utf8') : undefined;
  const wholePages = new WeakMap<readonly PageAnswer[], Map<string, Buffer>>();
  const streamed = publicPage ? pageStreams(publicPage) : undefined;
  return {
    send(request, reply) {
      reply.header('cache-control', 'no-cache');
      const pathname = request.url.split('?')[0] ?? '/';
      if (!publicPage || !PUBLIC_DASHBOARD_PATH.test(pathname)) return reply.sendFile('index.html');
      // HEAD, a page no module answers, or none looked for now (pageAnswers.ts): the built page as it is.
      const answers = request.method === 'GET' ? answerer.answer(pathname) : undefined;
      if (!answers) return reply.sendFile('public.html');
      const encoding = negotiate((request.headers['accept-encoding'] ?? '').toLowerCase(), ['br', 'gzip']);
      answers
        .then((found) => sendAnswered(reply, publicPage, found, encoding))
        .catch((err: unknown) => {
          request.log.warn({ err }, 'a public page was sent without its answers');
          if (!reply.sent) reply.sendFile('public.html');
        });
      return reply;
    },
  };

  /**
   * The page with its answers: at once when they are all there (kept: the page is made and compressed once for
   * every visitor), else streamed as they come.
   */
  function sendAnswered(reply: FastifyReply, page: string, answers: PageAnswers, encoding: string | null) {
    if ('now' in answers && !answers.now.length) return reply.sendFile('public.html');
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    if ('now' in answers) return reply.send(wholePage(page, answers.now, encoding));
    return reply.send(streamed?.stream(answers.coming, encoding) ?? page);
  }

  /** The page with answers kept for pages alike, made once per encoding (dropped with the answers). */
  function wholePage(page: string, answers: readonly PageAnswer[], encoding: string | null): Buffer {
    let made = wholePages.get(answers);
    if (!made) {
      made = new Map();
      wholePages.set(answers, made);
    }
    const key = encoding ?? 'identity';
    let bytes = made.get(key);
    if (!bytes) {
      const end = page.lastIndexOf('</body>');
      const text = page.slice(0, end) + answers.map(answerElement).join('') + page.slice(end);
      bytes = encoding ? compressSync(text, encoding) : Buffer.from(text);
      made.set(key, bytes);
    }
    return bytes;
  }
}

/** A page made once (kept for the pages alike) is worth brotli's slower quality. */
const BROTLI_QUALITY = 5;

function compressSync(text: string, encoding: string): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(text, { level: GZIP_LEVEL });
}
