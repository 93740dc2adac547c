import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import {
  DEMO_DEADLINE_MS,
  type DemoIds,
  demoDashboardPath,
  demoProjectPath,
  settle,
  waitForDemo,
} from './support/demo.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';

/**
 * Reflow (WCAG 1.4.10, docs/accessibility.md): at 320 CSS pixels wide every page of the demo scrolls only
 * vertically, and its key names are shown whole (not cut, not pushed out of the window).
 */

const WIDTH = 320;

interface ReflowPage {
  name: string;
  path: (ids: DemoIds) => string;
  /** Texts that must be visible whole on the page. */
  names: (ids: DemoIds) => string[];
  /** More to check (answers what is wrong, or nothing). */
  check?: (page: Page) => Promise<string[]>;
}

const project = demoProjectPath;

const PAGES: ReflowPage[] = [
  { name: 'projects', path: () => '/projects', names: (ids) => [ids.names.project] },
  { name: 'datasets', path: (ids) => `${project(ids)}/datasets`, names: (ids) => [ids.names.dataset] },
  {
    name: 'a dataset',
    path: (ids) => `${project(ids)}/datasets/${ids.datasetId}`,
    names: (ids) => [ids.names.dataset],
  },
  {
    name: 'mapping editor',
    path: (ids) => `${project(ids)}/units/${ids.unitId}/mapping?tab=${ids.tabId}&type=${ids.unitType}`,
    names: (ids) => [ids.names.card],
  },
  {
    name: 'dashboard',
    path: demoDashboardPath,
    names: (ids) => [ids.names.dashboard],
    check: descriptionReadable,
  },
  { name: 'form builder', path: (ids) => `${project(ids)}/forms/${ids.formId}`, names: () => ['City', 'Did it rain?'] },
  { name: 'public form', path: (ids) => `/public/forms/${ids.formId}`, names: (ids) => [ids.names.form, 'City'] },
  {
    name: 'public dashboard',
    path: (ids) => `/public/dashboards/${ids.dashboardId}/tabs/${ids.tabId}`,
    names: (ids) => [ids.names.dashboard],
  },
  { name: 'models', path: (ids) => `${project(ids)}/models`, names: (ids) => [ids.names.model] },
  {
    name: 'code editor',
    path: (ids) => `${project(ids)}/packages/${ids.packageId}/code`,
    names: () => [],
    check: codeEditorUsable,
  },
  { name: 'settings', path: () => '/settings/users/my/profile', names: () => [] },
];

describe('reflow at 320 CSS pixels (WCAG 1.4.10)', () => {
  const journey = useJourney({ env: () => ({ DEMO: '1' }) });
  let ids: DemoIds;

  beforeAll(async () => {
    ids = await waitForDemo(journey.app);
  }, DEMO_DEADLINE_MS + 60_000);

  it('every page scrolls only vertically and shows its key names whole', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: WIDTH, height: 640 });
    const problems: string[] = [];
    const look = async (name: string, names: string[], check?: (page: Page) => Promise<string[]>) => {
      await settle(page);
      await screenshot(page, `reflow-${name}`, { fullPage: false });
      const found = [
        ...(await horizontalScroll(page)),
        ...(await cutNames(page, names)),
        ...((await check?.(page)) ?? []),
      ];
      problems.push(...found.map((problem) => `${name}: ${problem}`));
    };

    await page.goto('/login');
    await look('sign-in', ['Log In']);
    await page.locator('input[type="email"], input[name="email"]').first().fill(ADMIN.email);
    await page.locator('input[type="password"]').first().fill(ADMIN.password);
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const entry of PAGES) {
      await page.goto(entry.path(ids));
      await look(entry.name, entry.names(ids), entry.check);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

/** The page scrolls sideways when it is wider than the window. */
async function horizontalScroll(page: Page): Promise<string[]> {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  return width > WIDTH ? [`the page is ${width} px wide`] : [];
}

/** Each name: shown, inside the window, and not cut by an ellipsis or an overflow. */
async function cutNames(page: Page, names: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const name of names) {
    const element = page.getByText(name, { exact: true }).first();
    if (!(await element.isVisible().catch(() => false))) {
      problems.push(`"${name}" is not shown`);
      continue;
    }
    const fault = await element.evaluate((node, width) => {
      const box = node.getBoundingClientRect();
      if (box.left < -1 || box.right > width + 1) return `sits at ${Math.round(box.left)}..${Math.round(box.right)} px`;
      for (let at: Element | null = node; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        if (clips && at.scrollWidth > at.clientWidth + 1) return `is cut (${at.clientWidth} of ${at.scrollWidth} px)`;
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') break;
      }
      return '';
    }, WIDTH);
    if (fault) problems.push(`"${name}" ${fault}`);
  }
  return problems;
}

/** The dashboard's description is shown whole, or cut with a button that shows the rest. */
async function descriptionReadable(page: Page): Promise<string[]> {
  const description = page.getByTestId('dashboard-description');
  if (!(await description.count())) return [];
  return description.evaluate((node) => {
    const cut = [node, ...Array.from(node.querySelectorAll('*'))].some((at) => at.scrollHeight > at.clientHeight + 1);
    return cut && !node.querySelector('button') ? ['the dashboard description is cut with no way to read it'] : [];
  });
}

/** The code editor keeps a usable width. */
async function codeEditorUsable(page: Page): Promise<string[]> {
  const box = await page.locator('.cm-editor').first().boundingBox();
  if (!box) return ['the code editor is not shown'];
  return box.width < 200 || box.height < 100
    ? [`the code editor is ${Math.round(box.width)} x ${Math.round(box.height)} px`]
    : [];
}
