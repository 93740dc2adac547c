import { access, constants } from 'node:fs/promises';
import type { Browser } from 'playwright-core';

/** Debian's Chromium (scripts/ensure-debian-packages.sh installs it); playwright-core downloads no browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A browser left without a page this long is closed: an idle server keeps no Chromium running. */
const IDLE_CLOSE_MS = 30_000;

/** There is no browser to start: `what` is missing. Each user words it for the person who sees it. */
export class BrowserMissing extends Error {
  constructor(readonly what: 'playwright-core' | 'chromium') {
    super(`${what} is not installed`);
  }
}

/**
 * One headless Chromium per process for the data apps' pictures and files (preview images, exports), started on
 * the first one and shared by those that run at once (each job's concurrency bounds them), each in a context of
 * its own that it closes when it ends. It closes once idle, and when the app closes.
 */
export class HeadlessBrowser {
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
    if (this.browser) return this.browser;
    const started: Promise<Browser> = launch(stepTimeoutMs).then(
      (browser) => {
        // A browser that dies (killed, crashed) is started again by the next user.
        browser.on('disconnected', () => {
          if (this.browser === started) this.browser = undefined;
        });
        return browser;
      },
      (err) => {
        if (this.browser === started) this.browser = undefined;
        throw err;
      },
    );
    this.browser = started;
    return started;
  }
}

async function launch(stepTimeoutMs: number): Promise<Browser> {
  const playwright = await import('playwright-core').catch(() => undefined);
  if (!playwright) throw new BrowserMissing('playwright-core');
  try {
    await access(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new BrowserMissing('chromium');
  }
  return playwright.chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: stepTimeoutMs });
}
