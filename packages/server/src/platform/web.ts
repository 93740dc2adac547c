import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, createBrotliCompress, createGzip, gzipSync, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { type PageAnswer, PUBLIC } from '@tessera/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answersElement, type PageAnswerer, type PageAnswers } from './pageAnswers.ts';
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
    const parts = answeredPage(page, answers.coming);
    return reply.send(encoding ? compressed(parts, encoding) : Readable.from(parts));
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
      const text = page.slice(0, end) + answersElement(answers) + page.slice(end);
      bytes = encoding ? compressSync(text, encoding) : Buffer.from(text);
      made.set(key, bytes);
    }
    return bytes;
  }
}

/** A page made once (kept for the pages alike) is worth brotli's slower quality. */
const BROTLI_QUALITY = 5;
/**
 * A streamed page has a compressor of its own per visitor: brotli's fastest quality and a 64 KB window. A 14 KB
 * page in three flushes cost ~6 ms of CPU at quality 5 and the default 4 MB window, ~1 ms so, for ~15 % more
 * bytes (~3.3 KB instead of ~2.85 KB); a crowd's first visit streams hundreds at once.
 */
const BROTLI_STREAM_PARAMS = { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_LGWIN]: 16 };
const GZIP_LEVEL = 6;

function compressSync(text: string, encoding: string): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(text, { level: GZIP_LEVEL });
}

/**
 * The page with its answers (platform/pageAnswers.ts), in parts: everything up to `</body>` at once, so that the
 * browser fetches the scripts (module scripts run once the page has been read to its end), then the answers
 * when they come, then the end of the page.
 */
async function* answeredPage(page: string, answers: Promise<readonly PageAnswer[]>): AsyncGenerator<string> {
  const end = page.lastIndexOf('</body>');
  yield page.slice(0, end);
  const answered = await answers.catch(() => []);
  if (answered.length) yield answersElement(answered);
  yield page.slice(end);
}

/** The parts compressed, each sent as soon as it is written (flushed), not when the compressor's block fills. */
function compressed(parts: AsyncIterable<string>, encoding: string): Readable {
  const zip =
    encoding === 'br' ? createBrotliCompress({ params: BROTLI_STREAM_PARAMS }) : createGzip({ level: GZIP_LEVEL });
  (async () => {
    for await (const part of parts) {
      zip.write(part);
      await new Promise<void>((resolve) => zip.flush(() => resolve()));
    }
    zip.end();
  })().catch((error: Error) => zip.destroy(error));
  return zip;
}
