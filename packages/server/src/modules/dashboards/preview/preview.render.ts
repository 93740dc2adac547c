import { access, constants } from 'node:fs/promises';
import { PREVIEW, PREVIEW_READY_ATTRIBUTE } from '@tessera/shared';

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
/** The image is at most this tall: the preview page draws only the first rows, this bounds a broken one. */
const MAX_HEIGHT = 2000;
// The page decides its height (its content's, at least this much): the first rows of cards and its header.
const VIEWPORT_HEIGHT = 600;

/** Failures written for the person who sees them on the data app card (the job's message). */
export const RENDER_ERRORS = {
  noRenderer: 'The preview renderer (playwright-core) is not installed on this server.',
  noChromium: `Chromium is not installed at ${CHROMIUM_PATH}, so previews cannot be rendered.`,
  noWebApp: 'This server does not serve the web app (WEB_DIST is not set), so there is no page to take a picture of.',
  notReady: 'The preview page did not finish loading in time.',
  aborted: 'The preview render was stopped.',
  failed: 'The preview page could not be rendered.',
} as const;
const KNOWN = new Set<string>(Object.values(RENDER_ERRORS));

/**
 * A browser's own errors name the page's address, token included: they never become the job's message.
 * Known failures keep their text; anything else becomes RENDER_ERRORS.failed with the original as `cause`.
 */
function userFacing(err: unknown, signal: AbortSignal): Error {
  if (signal.aborted) return new Error(RENDER_ERRORS.aborted);
  if (err instanceof Error && KNOWN.has(err.message)) return err;
  return new Error(RENDER_ERRORS.failed, { cause: err });
}

export interface RenderRequest {
  /** The preview page's full address, token included. */
  url: string;
  signal: AbortSignal;
  /** For each step (start, load, readiness): the whole render stays well under the job's timeout. */
  stepTimeoutMs: number;
}

/**
 * Opens the web app's preview page in headless Chromium at the preview width, waits until the page says it
 * has drawn everything (PREVIEW_READY_ATTRIBUTE), and answers a PNG of it. Stopping the signal closes the
 * browser at once.
 */
export async function renderPreviewPng({ url, signal, stepTimeoutMs }: RenderRequest): Promise<Buffer> {
  const playwright = await import('playwright-core').catch(() => undefined);
  if (!playwright) throw new Error(RENDER_ERRORS.noRenderer);
  try {
    await access(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(RENDER_ERRORS.noChromium);
  }
  if (signal.aborted) throw new Error(RENDER_ERRORS.aborted);
  let browser: Awaited<ReturnType<typeof playwright.chromium.launch>>;
  try {
    browser = await playwright.chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      timeout: stepTimeoutMs,
    });
  } catch (err) {
    throw userFacing(err, signal);
  }
  const stop = () => void browser.close().catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  try {
    const context = await browser.newContext({
      viewport: { width: PREVIEW.width, height: VIEWPORT_HEIGHT },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load', timeout: stepTimeoutMs });
    const type = response?.headers()['content-type'] ?? '';
    if (!response?.ok() || !type.startsWith('text/html')) throw new Error(RENDER_ERRORS.noWebApp);
    try {
      await page.waitForSelector(`[${PREVIEW_READY_ATTRIBUTE}="true"]`, { state: 'attached', timeout: stepTimeoutMs });
    } catch {
      throw new Error(RENDER_ERRORS.notReady);
    }
    // A string expression: the server is compiled without the DOM's types.
    const height = Number(await page.evaluate('document.documentElement.scrollHeight')) || VIEWPORT_HEIGHT;
    return await page.screenshot({
      type: 'png',
      fullPage: true,
      clip: { x: 0, y: 0, width: PREVIEW.width, height: Math.max(1, Math.min(height, MAX_HEIGHT)) },
    });
  } catch (err) {
    throw userFacing(err, signal);
  } finally {
    signal.removeEventListener('abort', stop);
    await browser.close().catch(() => {});
  }
}
