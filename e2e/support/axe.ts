import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 AA rule sets axe-core checks (docs/accessibility.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts a page may not have: a critical or serious violation fails the suite. */
const BLOCKING = new Set(['critical', 'serious']);

export interface AxeFinding {
  /** Which page state it was found in ("dashboard, card menu open", with the theme and language). */
  state: string;
  rule: string;
  impact: string;
  target: string;
  /** The start of the element's HTML, to find it in the code. */
  html: string;
  summary: string;
}

interface AxeResult {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
  }>;
}

let axeSource: string | undefined;
function source(): string {
  if (!axeSource) axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
  return axeSource;
}

/** Runs axe-core in the page as it is now and answers its critical and serious violations, one per element. */
export async function blockingViolations(page: Page, state: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(source());
  const result = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  )) as AxeResult;
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((node) => ({
        state,
        rule: v.id,
        impact: v.impact ?? '',
        target: node.target.map(String).join(' '),
        html: node.html.slice(0, 160),
        summary: (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim(),
      })),
    );
}

/** One line per finding, for the failure message. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `[${f.state}] ${f.rule} (${f.impact}) at ${f.target} ${f.html}: ${f.summary.slice(0, 300)}`)
    .join('\n');
}
