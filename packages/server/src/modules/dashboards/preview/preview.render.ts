import { PREVIEW, PREVIEW_READY_ATTRIBUTE } from '@tessera/shared';
import { BrowserMissing, CHROMIUM_PATH, type HeadlessBrowser } from '../headlessBrowser.ts';

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
  if (err instanceof BrowserMissing) {
    return new Error(err.what === 'chromium' ? RENDER_ERRORS.noChromium : RENDER_ERRORS.noRenderer);
  }
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
 * Opens the web app's preview page in the process's headless Chromium (a context of its own) at the preview width,
 * waits until the page says it has drawn everything (PREVIEW_READY_ATTRIBUTE), and answers a PNG of it. Stopping
 * the signal closes the context at once.
 */
export async function renderPreviewPng(
  headless: HeadlessBrowser,
  { url, signal, stepTimeoutMs }: RenderRequest,
): Promise<Buffer> {
  if (signal.aborted) throw new Error(RENDER_ERRORS.aborted);
  try {
    return await headless.use(stepTimeoutMs, async (browser) => {
      const context = await browser.newContext({
        viewport: { width: PREVIEW.width, height: VIEWPORT_HEIGHT },
        deviceScaleFactor: 1,
      });
      const stop = () => void context.close().catch(() => {});
      signal.addEventListener('abort', stop, { once: true });
      try {
        const page = await context.newPage();
        const response = await page.goto(url, { waitUntil: 'load', timeout: stepTimeoutMs });
        const type = response?.headers()['content-type'] ?? '';
        if (!response?.ok() || !type.startsWith('text/html')) throw new Error(RENDER_ERRORS.noWebApp);
        try {
          await page.waitForSelector(`[${PREVIEW_READY_ATTRIBUTE}="true"]`, {
            state: 'attached',
            timeout: stepTimeoutMs,
          });
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
      } finally {
        signal.removeEventListener('abort', stop);
        await context.close().catch(() => {});
      }
    });
  } catch (err) {
    throw userFacing(err, signal);
  }
}
