import type { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import type { PageAnswer } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { answerElement, type ComingAnswers } from './pageAnswers.ts';
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
  PAGE.slice(0, END) + answers.map(answerElement).join('') + PAGE.slice(END);

/** Answers as pageAnswers.ts gives them to the pages asking together: `give` one, then `end` (or `fail`). */
function comingAnswers() {
  const given: PageAnswer[] = [];
  const following: Array<(answer: PageAnswer) => void> = [];
  let settle: (error?: Error) => void = () => undefined;
  const over = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  const coming: ComingAnswers = {
    async follow(each) {
      for (const one of given) each(one);
      following.push(each);
      await over;
    },
  };
  return {
    coming,
    give(one: PageAnswer) {
      given.push(one);
      for (const each of following) each(one);
    },
    end: () => settle(),
    fail: () => settle(new Error('gone')),
  };
}

/** Reads a stream's chunks as they come; `until(text)` waits until the decoded text so far holds `text`. */
function reading(page: Readable) {
  const chunks: Buffer[] = [];
  const decoder = createBrotliDecompress();
  let decoded = '';
  let check: () => void = () => undefined;
  decoder.on('data', (chunk: Buffer) => {
    decoded += chunk.toString();
    check();
  });
  page.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    decoder.write(chunk);
  });
  const ended = new Promise((resolve) => page.once('end', resolve));
  return {
    chunks,
    ended,
    until: (text: string) =>
      new Promise<string>((resolve) => {
        check = () => {
          if (decoded.includes(text)) resolve(decoded);
        };
        check();
      }),
  };
}

describe('a streamed public page', () => {
  it('is one stream for the pages asking together: its first part at once, then each answer as it comes', async () => {
    const streams = pageStreams(PAGE);
    const { coming, give, end } = comingAnswers();
    const first = reading(streams.stream(coming, 'br'));
    // The first part comes at once, flushed: a browser reads it (and runs the scripts) before any answer.
    expect(await first.until(PAGE.slice(0, END))).toBe(PAGE.slice(0, END));
    give(answer(1));
    expect(await first.until(answerElement(answer(1)))).toBe(PAGE.slice(0, END) + answerElement(answer(1)));
    // A page joining now is sent what was written so far at once, then the same rest.
    const joining = Array.from({ length: 4 }, () => buffer(streams.stream(coming, 'br')));
    give(answer(2));
    end();
    await first.ended;
    const bodies = [Buffer.concat(first.chunks), ...(await Promise.all(joining))];
    for (const body of bodies) expect(body.equals(bodies[0] as Buffer)).toBe(true);
    expect(brotliDecompressSync(bodies[0] as Buffer).toString()).toBe(withAnswers([answer(1), answer(2)]));
  });

  it('writes answers that come together (a crowd’s cards, at once) in one part, not one each', async () => {
    const streams = pageStreams(PAGE);
    const { coming, give, end } = comingAnswers();
    const page = reading(streams.stream(coming, 'br'));
    const all = Array.from({ length: 12 }, (_, n) => answer(n));
    for (const one of all) give(one);
    end();
    await page.ended;
    // The head, the twelve answers, the end.
    expect(page.chunks.length).toBeLessThanOrEqual(3);
    expect(brotliDecompressSync(Buffer.concat(page.chunks)).toString()).toBe(withAnswers(all));
  });

  it('ends with the answers given so far when the asking fails, in gzip as in brotli', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const streams = pageStreams(PAGE);
      const { coming, give, fail } = comingAnswers();
      give(answer(1));
      const page = buffer(streams.stream(coming, encoding));
      fail();
      expect(decode(await page).toString()).toBe(withAnswers([answer(1)]));
    }
  });

  it('is the page as it is without an encoding', async () => {
    const streams = pageStreams(PAGE);
    const { coming, give, end } = comingAnswers();
    const page = text(streams.stream(coming, null));
    give(answer(1));
    give(answer(2));
    end();
    expect(await page).toBe(withAnswers([answer(1), answer(2)]));
  });
});
