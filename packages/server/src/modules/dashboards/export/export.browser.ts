import { access, constants } from 'node:fs/promises';
import { EXPORT_ERRORS } from '@tessera/shared';
import type { Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../preview/preview.render.ts';

/** A browser left without a page this long is closed: an idle server keeps no Chromium running. */
const IDLE_CLOSE_MS = 30_000;

/**
 * One headless Chromium per process for the exports, started on the first export and shared by those that run
 * at once (the job's concurrency bounds them), each in its own context whose pages are closed when it ends. It
 * closes once idle, and when the app closes.
 */
export class ExportBrowser {
  private browser: Promise<Browser> | undefined;
  private users = 0;
  private idle: NodeJS.Timeout | undefined;

  /** Runs `work` with the browser; the browser stays open for the others while any of them runs. */
  async use<T>(stepTimeoutMs: number, work: (browser: Browser) => Promise<T>): Promise<T> {
    clearTimeout(this.idle);
    this.users += 1;
    try {
      return await work(await this.open(stepTimeoutMs));
    } finally {
      this.users -= 1;
      if (this.users === 0) this.idle = setTimeout(() => void this.close(), IDLE_CLOSE_MS).unref();
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.idle);
    const opened = this.browser;
    this.browser = undefined;
    if (opened) await (await opened.catch(() => undefined))?.close().catch(() => {});
  }

  private open(stepTimeoutMs: number): Promise<Browser> {
    this.browser ??= launch(stepTimeoutMs).catch((err) => {
      this.browser = undefined;
      throw err;
    });
    return this.browser;
  }
}

async function launch(stepTimeoutMs: number): Promise<Browser> {
  const playwright = await import('playwright-core').catch(() => undefined);
  if (!playwright) throw new Error(EXPORT_ERRORS.noChromium);
  try {
    await access(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(EXPORT_ERRORS.noChromium);
  }
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    timeout: stepTimeoutMs,
  });
  return browser;
}
