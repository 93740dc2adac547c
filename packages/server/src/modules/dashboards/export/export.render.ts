import {
  EXPORT_PNG_SCALE,
  EXPORT_PNG_WIDTH,
  EXPORT_READY_ATTRIBUTE,
  type ExportFormat,
  type ExportOrientation,
  type ExportPaper,
  LANGUAGE_STORAGE_KEY,
  type ServerMessage,
  serverMessageText,
  THEME_STORAGE_KEY,
} from '@tessera/shared';
import type { Browser, Page } from 'playwright-core';

/**
 * An export that could not be made, said by its code (`said`, as the analytics errors say theirs): a failed export
 * job stores the code with the text, by which the web translates it (platform/jobs/jobMessage.ts).
 */
export class ExportError extends Error {
  override name = 'ExportError';
  constructor(
    readonly said: ServerMessage,
    options?: { cause?: unknown },
  ) {
    super(serverMessageText(said), options);
  }
}

/** The page's margins when printed, and the printable width in CSS pixels (96 per inch) of each paper. */
const MARGIN_MM = 12;
const PAPER_MM = { a4: { width: 210, height: 297 }, letter: { width: 215.9, height: 279.4 } } as const;
const PX_PER_MM = 96 / 25.4;
/** The attribute where the export page tells how far it is (0..1): the job's progress follows it. */
export const EXPORT_PROGRESS_ATTRIBUTE = 'data-export-progress';

export interface ExportRender {
  /** The export page's full address, token included. */
  url: string;
  format: ExportFormat;
  paper: ExportPaper;
  orientation: ExportOrientation;
  language: string;
  signal: AbortSignal;
  /** For each step (page load, drawing). */
  stepTimeoutMs: number;
  /** How far the page is in drawing its cards (0..1). */
  onProgress(fraction: number): void;
}

/** The printable width of a paper in CSS pixels: the page is laid out at it, so charts are drawn to fit. */
export function printableWidth(paper: ExportPaper, orientation: ExportOrientation): number {
  const size = PAPER_MM[paper];
  const width = orientation === 'portrait' ? size.width : size.height;
  return Math.floor((width - 2 * MARGIN_MM) * PX_PER_MM);
}

/**
 * Opens the export page in a context of its own (the user's language, the light theme), waits until it says
 * every card has drawn, and prints it (PDF: charts as SVG, text selectable) or takes its target element at 2x
 * (PNG). The context and its pages are closed whatever happens; stopping the signal closes them at once.
 */
export async function renderExport(browser: Browser, request: ExportRender): Promise<Buffer> {
  const { format, paper, orientation, signal, stepTimeoutMs } = request;
  if (signal.aborted) throw new ExportError('export.stopped');
  const width = format === 'png' ? EXPORT_PNG_WIDTH : printableWidth(paper, orientation);
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: format === 'png' ? EXPORT_PNG_SCALE : 1,
    locale: request.language,
    colorScheme: 'light',
  });
  const stop = () => void context.close().catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  try {
    // A string script: the server is compiled without the DOM's types.
    await context.addInitScript({
      content: `localStorage.setItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}, ${JSON.stringify(request.language)});
localStorage.setItem(${JSON.stringify(THEME_STORAGE_KEY)}, 'light');`,
    });
    const page = await context.newPage();
    const response = await page.goto(request.url, { waitUntil: 'load', timeout: stepTimeoutMs });
    const type = response?.headers()['content-type'] ?? '';
    if (!response?.ok() || !type.startsWith('text/html')) throw new ExportError('export.noWebApp');
    await drawn(page, request);
    if (format === 'pdf') {
      return await page.pdf({
        format: paper === 'a4' ? 'A4' : 'Letter',
        landscape: orientation === 'landscape',
        printBackground: true,
        margin: { top: `${MARGIN_MM}mm`, bottom: `${MARGIN_MM}mm`, left: `${MARGIN_MM}mm`, right: `${MARGIN_MM}mm` },
      });
    }
    return await page.locator('[data-export-target]').first().screenshot({ type: 'png', timeout: stepTimeoutMs });
  } catch (err) {
    if (signal.aborted) throw new ExportError('export.stopped');
    if (err instanceof ExportError) throw err;
    throw new ExportError('export.failed', { cause: err });
  } finally {
    signal.removeEventListener('abort', stop);
    await context.close().catch(() => {});
  }
}

/** Waits for the page's readiness mark, passing on its progress; the step's time counts from the last progress. */
async function drawn(page: Page, request: ExportRender): Promise<void> {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const state = (await page.evaluate(
      `[document.querySelector('[${EXPORT_READY_ATTRIBUTE}="true"]') !== null,
        Number(document.querySelector('[${EXPORT_PROGRESS_ATTRIBUTE}]')?.getAttribute('${EXPORT_PROGRESS_ATTRIBUTE}') ?? 0)]`,
    )) as [boolean, number];
    if (state[0]) return;
    if (state[1] !== last) {
      last = state[1];
      since = Date.now();
      request.onProgress(Math.max(0, Math.min(1, last)));
    }
    if (Date.now() - since > request.stepTimeoutMs) throw new ExportError('export.notReady');
    if (request.signal.aborted) throw new ExportError('export.stopped');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
