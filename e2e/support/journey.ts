import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, screenshot } from './browser.ts';
import { startTessera, type Tessera, tail } from './tessera.ts';

/** How long the file's Tessera and browser may take to start (a cluster of processes on a busy machine: minutes). */
const START_TIMEOUT_MS = 300_000;

export interface Journey {
  readonly app: Tessera;
  readonly browser: Browser;
  /** A fresh context (no storage, no cookies) per test. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught page errors of the current test, printed when it fails. */
  readonly browserErrors: string[];
  /**
   * Another person's browser during the current test: a page in a fresh context of its own (no shared storage),
   * closed after the test, and screenshotted too when the test fails.
   */
  anotherPage(): Promise<Page>;
}

/**
 * Registers the hooks of one journey file: one server and one browser for the file, a fresh browser context
 * and page per test. On a failing test it saves a screenshot named after the test and prints what the
 * browser and the server complained about, so that a failure in CI can be understood without rerunning it.
 */
/** `env()`: more settings for the file's server, read when it starts (after the file's earlier beforeAll hooks). */
/** `start()`: another way to start the file's Tessera (the cluster journeys start several processes: cluster.ts). */
export function useJourney(
  options: { env?: () => Record<string, string>; start?: () => Promise<Tessera> } = {},
): Journey {
  let app: Tessera | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const browserErrors: string[] = [];
  const others: Page[] = [];

  const newContext = async () => {
    const c = await browser!.newContext({ baseURL: app!.url, viewport: { width: 1280, height: 800 } });
    // Long enough for a cold lazy route on a busy CI machine; short enough that a missing label fails fast.
    c.setDefaultTimeout(15_000);
    c.on('page', (p) => watch(p, browserErrors));
    return c;
  };

  beforeAll(async () => {
    app = options.start ? await options.start() : await startTessera({ env: options.env?.() });
    browser = await launchBrowser();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    browserErrors.length = 0;
    context = await newContext();
    page = await context.newPage();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
      const file = await screenshot(page, `FAILED-${ctx.task.name}`).catch(() => 'none');
      console.error(
        [
          `journey "${ctx.task.name}" failed at ${page.url()} (screenshot: ${file})`,
          browserErrors.length ? `browser errors:\n${browserErrors.join('\n')}` : 'no browser errors',
          `server log (last lines):\n${tail(app!.log(), 15)}`,
        ].join('\n'),
      );
    }
    if (ctx.task.result?.state === 'fail') {
      for (const [i, other] of others.entries()) {
        if (other.isClosed()) continue;
        const file = await screenshot(other, `FAILED-${ctx.task.name}-other-${i + 1}`).catch(() => 'none');
        console.error(`  other page ${i + 1} was at ${other.url()} (screenshot: ${file})`);
      }
    }
    await Promise.all(others.splice(0).map((other) => other.context().close()));
    await context?.close();
  });

  return {
    get app() {
      return app!;
    },
    get browser() {
      return browser!;
    },
    get context() {
      return context!;
    },
    get page() {
      return page!;
    },
    browserErrors,
    async anotherPage() {
      const other = await (await newContext()).newPage();
      others.push(other);
      return other;
    },
  };
}

function watch(page: Page, errors: string[]) {
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`[console] ${page.url()} ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`[pageerror] ${page.url()} ${e.message}`));
}
