import { buffer, text } from 'node:stream/consumers';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import type { PageAnswer } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { answersElement } from './pageAnswers.ts';
import { pageStreams } from './streamedPage.ts';

/** A public page streamed while its answers come (streamedPage.ts), compressed once for the pages asking together. */
const SCRIPT = '<script type="module" src="/assets/index.js"></script>';
const PAGE = `<html><head>${SCRIPT}</head><body>${'<div>card</div>'.repeat(400)}</body></html>`;
const END = PAGE.lastIndexOf('</body>');
const answer = (n: number): PageAnswer => ({
  method: 'POST',
  url: `/api/v1/public/dashboards/d/units/u${n}/data`,
  body: {},
  answer: { data: [{ x: `</script> ${n}`, y: n }] },
});
const withAnswers = (answers: PageAnswer[]) =>
  PAGE.slice(0, END) + (answers.length ? answersElement(answers) : '') + PAGE.slice(END);

function later<T>() {
  let give: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    give = resolve;
  });
  return { promise, give };
}

describe('a streamed public page', () => {
  it('is one stream for the pages asking together: its first part before the answers, the same bytes', async () => {
    const streams = pageStreams(PAGE);
    const alike = {};
    const coming = later<PageAnswer[]>();
    const pages = Array.from({ length: 5 }, () => streams.stream(alike, coming.promise, 'br'));
    const chunks: Buffer[] = [];
    const firstCame = new Promise<void>((resolve) =>
      pages[0]?.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        resolve();
      }),
    );
    const ended = new Promise((resolve) => pages[0]?.once('end', resolve));
    // The first part comes at once, flushed: a browser reads it (and fetches the scripts) before any answer.
    await firstCame;
    const reader = createBrotliDecompress();
    const read = new Promise<string>((resolve) => reader.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    reader.write(chunks[0]);
    expect(await read).toBe(PAGE.slice(0, END));
    const answers = [answer(1), answer(2)];
    coming.give(answers);
    await ended;
    const bodies = [Buffer.concat(chunks), ...(await Promise.all(pages.slice(1).map((page) => buffer(page))))];
    for (const body of bodies) expect(body.equals(bodies[0] as Buffer)).toBe(true);
    expect(brotliDecompressSync(bodies[0] as Buffer).toString()).toBe(withAnswers(answers));
  });

  it('gives a page whose time ran out first its own answers, after the same first bytes', async () => {
    const streams = pageStreams(PAGE);
    const alike = {};
    const all = [answer(1), answer(2), answer(3)];
    for (const encoding of ['br', 'gzip'] as const) {
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      const inTime = await buffer(streams.stream(alike, Promise.resolve(all), encoding));
      const late = await buffer(streams.stream(alike, Promise.resolve(all.slice(0, 1)), encoding));
      const none = await buffer(streams.stream(alike, Promise.reject(new Error('gone')), encoding));
      const again = await buffer(streams.stream(alike, Promise.resolve(all), encoding));
      expect(decode(inTime).toString()).toBe(withAnswers(all));
      expect(decode(late).toString()).toBe(withAnswers(all.slice(0, 1)));
      expect(decode(none).toString()).toBe(withAnswers([]));
      expect(again.equals(inTime)).toBe(true);
      expect(late.equals(inTime)).toBe(false);
    }
  });

  it('is the page as it is without an encoding', async () => {
    const streams = pageStreams(PAGE);
    const answers = [answer(1)];
    expect(await text(streams.stream({}, Promise.resolve(answers), null))).toBe(withAnswers(answers));
  });
});
