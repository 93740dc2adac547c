import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import {
  DEMO_DEADLINE_MS,
  type DemoIds,
  type DemoState,
  demoDashboardPath,
  demoProjectPath,
  demoServerEnv,
  settle,
  visitDemoStates,
  waitForDemo,
} from './support/demo.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';
import { signInByFieldTypes } from './support/ui.ts';

/**
 * Reflow (WCAG 1.4.10, docs/accessibility.md): at 320 CSS pixels wide every page and main state of the demo scrolls
 * only vertically, and its key names are shown whole (not cut by an ellipsis or an overflow, not pushed out of the
 * window). One server with the demo, one browser, the pages visited in sequence; a picture of each is saved as
 * e2e/screenshots/reflow-*.png.
 */

const WIDTH = 320;

interface ReflowPage extends DemoState {
  /** Texts that must be visible whole on the page. */
  names: (ids: DemoIds) => string[];
  /** More to check (answers what is wrong, or nothing). */
  check?: (page: Page) => Promise<string[]>;
}

const project = demoProjectPath;

const PAGES: ReflowPage[] = [
  { name: 'projects', path: () => '/projects', names: (ids) => [ids.names.project] },
  // The project's home opens its data apps; the bar above names the project.
  {
    name: 'project home',
    path: project,
    names: (ids) => [ids.names.project, ids.names.dashboard, ids.names.report],
  },
  { name: 'datasets', path: (ids) => `${project(ids)}/datasets`, names: (ids) => [ids.names.dataset] },
  {
    name: 'a dataset',
    path: (ids) => `${project(ids)}/datasets/${ids.datasetId}`,
    names: (ids) => [ids.names.dataset, 'CSV Dataset'],
  },
  {
    name: 'mapping editor',
    path: (ids) => `${project(ids)}/units/${ids.unitId}/mapping?tab=${ids.tabId}&type=${ids.unitType}`,
    // The card's name, and a long dataset name of the column list.
    names: (ids) => [ids.names.card, 'Gapminder health and income'],
  },
  {
    name: 'dashboard (edit)',
    path: demoDashboardPath,
    names: (ids) => [ids.names.dashboard],
    check: descriptionReadable,
  },
  {
    name: 'report',
    path: (ids) => `${project(ids)}/dashboards/report/${ids.reportId}/tabs/${ids.reportTabId}`,
    names: (ids) => [ids.names.report],
  },
  { name: 'models', path: (ids) => `${project(ids)}/models`, names: (ids) => [ids.names.model] },
  { name: 'a model', path: (ids) => `${project(ids)}/models/${ids.modelId}`, names: (ids) => [ids.names.model] },
  {
    name: 'schedules',
    path: (ids) => `${project(ids)}/models/${ids.modelId}`,
    names: () => ['Add scheduled run'],
    open: async (page) => {
      await page.getByRole('button', { name: 'Add scheduled run', exact: true }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'packages', path: (ids) => `${project(ids)}/packages`, names: (ids) => [ids.names.package] },
  {
    name: 'code editor',
    path: (ids) => `${project(ids)}/packages/${ids.packageId}/code`,
    names: () => [],
    check: codeEditorUsable,
  },
  { name: 'forms', path: (ids) => `${project(ids)}/forms`, names: (ids) => [ids.names.form] },
  {
    name: 'form builder',
    path: (ids) => `${project(ids)}/forms/${ids.formId}`,
    names: () => ['City', 'Did it rain?', 'How pleasant was it?', 'Rating scale'],
  },
  { name: 'public form', path: (ids) => `/public/forms/${ids.formId}`, names: (ids) => [ids.names.form] },
  // The dashboard in view mode, as a visitor reads it. (The /preview page is the renderer's 1180 px picture of a
  // tab for the list's images, no page a person reads.)
  {
    name: 'dashboard (view)',
    path: (ids) => `/public/dashboards/${ids.dashboardId}/tabs/${ids.tabId}`,
    names: (ids) => [ids.names.dashboard],
    check: descriptionReadable,
  },
  { name: 'settings', path: () => '/settings/users/my/profile', names: () => [] },
  { name: 'organizations', path: () => '/settings/root/organizations', names: (ids) => [ids.names.organization] },
  {
    name: 'an organization',
    path: (ids) => `/settings/root/organizations/${ids.organizationId}/general`,
    names: () => [],
  },
];

describe('reflow at 320 CSS pixels (WCAG 1.4.10)', () => {
  const journey = useJourney({ env: demoServerEnv });
  let ids: DemoIds;

  beforeAll(async () => {
    ids = await waitForDemo(journey.app);
  }, DEMO_DEADLINE_MS + 60_000);

  it('every page scrolls only vertically and shows its key names whole', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: WIDTH, height: 640 });
    const problems: string[] = [];
    const look = async (name: string, names: string[], check?: (page: Page) => Promise<string[]>) => {
      await screenshot(page, `reflow-${name}`, { fullPage: false });
      const found = [
        ...(await horizontalScroll(page)),
        ...(await cutNames(page, names)),
        ...((await check?.(page)) ?? []),
      ];
      problems.push(...found.map((problem) => `${name}: ${problem}`));
    };

    await page.goto('/login');
    await settle(page);
    await look('sign-in', ['Log In']);
    await signInByFieldTypes(page, ADMIN.email, ADMIN.password);
    await visitDemoStates(page, ids, PAGES, (entry) => look(entry.name, entry.names(ids), entry.check));
    expect(problems).toEqual([]);
  }, 300_000);
});

/** The page scrolls sideways when it is wider than the window. */
async function horizontalScroll(page: Page): Promise<string[]> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  return scrollWidth > clientWidth + 1 ? [`the page is ${scrollWidth} px wide in a ${clientWidth} px window`] : [];
}

/** Each name: shown, inside the window, and not cut by an ellipsis or an overflow. */
async function cutNames(page: Page, names: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const name of names) {
    const element = page.getByText(name, { exact: true }).filter({ visible: true }).first();
    if (!(await element.count())) {
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
  const description = page.getByTestId('dashboard-description').filter({ visible: true });
  if (!(await description.count())) return [];
  return description.first().evaluate((node) => {
    const cut = [node, ...Array.from(node.querySelectorAll('*'))].some((at) => at.scrollHeight > at.clientHeight + 1);
    return cut && !node.querySelector('button') ? ['the dashboard description is cut with no way to read it'] : [];
  });
}

/** The code editor keeps a usable size. */
async function codeEditorUsable(page: Page): Promise<string[]> {
  const box = await page.locator('.cm-editor').first().boundingBox();
  if (!box) return ['the code editor is not shown'];
  return box.width < 200 || box.height < 100
    ? [`the code editor is ${Math.round(box.width)} x ${Math.round(box.height)} px`]
    : [];
}
