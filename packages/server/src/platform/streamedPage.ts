import { Readable } from 'node:stream';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import type { PageAnswer } from '@tessera/shared';
import { answersElement } from './pageAnswers.ts';

/**
 * A public page streamed while its answers are asked for (web.ts): everything up to `</body>` at once, so that
 * the browser fetches the scripts (module scripts run once the page has been read to its end), then the answers
 * when they come, then the end of the page, each part compressed and flushed as soon as it is written.
 *
 * The pages asking together (`alike`: pageAnswers.ts) are one stream, compressed once for all of them: its first
 * part is sent to each at once, its rest when their answers come (the same for every page in time). A page whose
 * time ran out first gets a rest of its own: a compressor of its own fed the same first part (the same input,
 * parameters and flushes give the same bytes, sent already), then its answers. Before, every visitor of a crowd's
 * first visit had a compressor of its own and its answers written out again (~1 ms of CPU each for a 14 KB page).
 */
export interface PageStreams {
  /** `page` streamed with the answers `coming` gives, compressed in `encoding` (none: as it is). */
  stream(alike: object, coming: Promise<readonly PageAnswer[]>, encoding: string | null): Readable;
}

/**
 * Brotli's fastest quality and a 64 KB window: a page whose visitors do not ask together is compressed for each
 * (at quality 5 and the default 4 MB window, a 14 KB page in three flushes took ~6 ms of CPU; so, ~1 ms, for
 * ~15 % more bytes).
 */
const BROTLI_STREAM_PARAMS = { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_LGWIN]: 16 };
export const GZIP_LEVEL = 6;

/** One page stream: its first part's bytes, and the rest's for some answers. */
interface Shared {
  first: Promise<Buffer>;
  rest(answers: readonly PageAnswer[]): Promise<Buffer>;
}

export function pageStreams(page: string): PageStreams {
  const end = page.lastIndexOf('</body>');
  const head = page.slice(0, end);
  const tail = (answers: readonly PageAnswer[]) => (answers.length ? answersElement(answers) : '') + page.slice(end);
  const streams = new WeakMap<object, Map<string, Shared>>();
  return {
    stream(alike, coming, encoding) {
      const answered = coming.catch(() => []);
      if (!encoding) return Readable.from(plain(answered), { objectMode: false });
      return Readable.from(compressed(sharedBy(alike, encoding, answered), answered), { objectMode: false });
    },
  };

  async function* plain(answered: Promise<readonly PageAnswer[]>): AsyncGenerator<string> {
    yield head;
    yield tail(await answered);
  }

  async function* compressed(one: Shared, answered: Promise<readonly PageAnswer[]>): AsyncGenerator<Buffer> {
    yield await one.first;
    yield await one.rest(await answered);
  }

  /** The stream of the pages `alike` in `encoding`, begun by the first of them (whose answers end it). */
  function sharedBy(alike: object, encoding: string, answered: Promise<readonly PageAnswer[]>): Shared {
    const byEncoding = streams.get(alike) ?? new Map<string, Shared>();
    streams.set(alike, byEncoding);
    let one = byEncoding.get(encoding);
    if (!one) {
      one = begun(encoding);
      byEncoding.set(encoding, one);
      // Ended even if its first visitor goes away before the answers come.
      void answered.then(one.rest).catch(() => undefined);
    }
    return one;
  }

  /** A stream whose first part is being compressed; its rest for the first answers it is given ends it. */
  function begun(encoding: string): Shared {
    const zip = compressor(encoding);
    const first = zip.flushed(head);
    let ended: { answers: readonly PageAnswer[]; bytes: Promise<Buffer> } | undefined;
    return {
      first,
      rest(answers) {
        ended ??= { answers, bytes: first.then(() => zip.ended(tail(answers))) };
        if (ended.answers === answers) return ended.bytes;
        const own = compressor(encoding);
        return own.flushed(head).then(() => own.ended(tail(answers)));
      },
    };
  }
}

/** A compressor whose output is taken part by part: what a flushed write adds, then what the end adds. */
function compressor(encoding: string) {
  const zip =
    encoding === 'br' ? createBrotliCompress({ params: BROTLI_STREAM_PARAMS }) : createGzip({ level: GZIP_LEVEL });
  let out: Buffer[] = [];
  let failed: Error | undefined;
  zip.on('data', (chunk: Buffer) => out.push(chunk));
  zip.on('error', (error) => {
    failed = error;
  });
  const take = () => {
    const bytes = Buffer.concat(out);
    out = [];
    return bytes;
  };
  return {
    flushed: (text: string) =>
      new Promise<Buffer>((resolve, reject) => {
        zip.write(text);
        zip.flush(() => (failed ? reject(failed) : resolve(take())));
      }),
    ended: (text: string) =>
      new Promise<Buffer>((resolve, reject) => {
        if (failed) return reject(failed);
        zip.once('error', reject);
        zip.once('end', () => resolve(take()));
        zip.end(text);
      }),
  };
}
