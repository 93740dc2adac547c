import { Readable } from 'node:stream';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import { answerElement, type ComingAnswers } from './pageAnswers.ts';

/**
 * A public page streamed while its answers are asked for (web.ts): everything up to `</body>` at once, so that
 * the browser fetches and runs the scripts, then each answer as it comes, then the end of the page once the last
 * has come or the pages' time has run out, each part compressed and flushed as soon as it is written.
 *
 * The pages asking together (`ComingAnswers`: pageAnswers.ts) are one stream, compressed once for all of them:
 * a page that joins it is sent what it has written so far at once, then the rest as it is written. Before, every
 * visitor of a crowd's first visit had a compressor of its own and its answers written out again (~1 ms of CPU
 * each for a 14 KB page).
 */
export interface PageStreams {
  /** The page streamed with the answers `coming` gives, compressed in `encoding` (none: as it is). */
  stream(coming: ComingAnswers, encoding: string | null): Readable;
}

/**
 * Brotli's fastest quality and a 64 KB window: a page whose visitors do not ask together is compressed for each
 * (at quality 5 and the default 4 MB window, a 14 KB page in three flushes took ~6 ms of CPU; so, ~1 ms, for
 * ~15 % more bytes).
 */
const BROTLI_STREAM_PARAMS = { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_LGWIN]: 16 };
export const GZIP_LEVEL = 6;

/** The parts of one page stream written so far, read by every page that joins it. */
interface Written {
  parts: Buffer[];
  ended: boolean;
  failed?: Error;
  /** Wakes the readers waiting for a part or the end. */
  wake: Array<() => void>;
}

export function pageStreams(page: string): PageStreams {
  const end = page.lastIndexOf('</body>');
  const head = page.slice(0, end);
  const tail = page.slice(end);
  const streams = new WeakMap<ComingAnswers, Map<string, Written>>();
  return {
    stream(coming, encoding) {
      const byEncoding = streams.get(coming) ?? new Map<string, Written>();
      streams.set(coming, byEncoding);
      const key = encoding ?? 'identity';
      let written = byEncoding.get(key);
      if (!written) {
        written = begun(coming, encoding);
        byEncoding.set(key, written);
      }
      return Readable.from(read(written), { objectMode: false });
    },
  };

  /**
   * Writes the stream of `coming` in `encoding`: the head, the answers as they come (those that come while a
   * part is being compressed go together in the next: a crowd's cards often come at once), then the tail.
   */
  function begun(coming: ComingAnswers, encoding: string | null): Written {
    const written: Written = { parts: [], ended: false, wake: [] };
    const zip = encoding ? compressor(encoding) : undefined;
    const wake = () => {
      for (const one of written.wake.splice(0)) one();
    };
    let queued = '';
    let writing = Promise.resolve();
    /** What is queued, as the next part (the last: with the end of the compressed stream). */
    const writeQueued = (last: boolean) => {
      writing = writing.then(async () => {
        const text = queued;
        queued = '';
        const bytes = !zip ? Buffer.from(text) : last ? await zip.ended(text) : await zip.flushed(text);
        if (bytes.length) written.parts.push(bytes);
        wake();
      });
    };
    const write = (text: string) => {
      const idle = !queued;
      queued += text;
      if (idle) writeQueued(false);
    };
    write(head);
    void coming
      .follow((answer) => write(answerElement(answer)))
      .catch(() => undefined)
      .then(() => {
        queued += tail;
        writeQueued(true);
        return writing;
      })
      .then(
        () => {
          written.ended = true;
        },
        (error: Error) => {
          written.failed = error;
        },
      )
      .finally(wake);
    return written;
  }
}

/** The parts of a stream from its start, as they are written, to its end. */
async function* read(written: Written): AsyncGenerator<Buffer> {
  for (let at = 0; ; ) {
    while (at < written.parts.length) yield written.parts[at++] as Buffer;
    if (written.failed) throw written.failed;
    if (written.ended) return;
    await new Promise<void>((resolve) => written.wake.push(resolve));
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
