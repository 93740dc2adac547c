import { LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AxeFinding, blockingViolations, describeFindings } from './support/axe.ts';
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
 * WCAG 2.2 AA with axe-core (docs/accessibility.md): every page state of the demo project, in both colour
 * schemes and both languages, has no critical or serious violation. One server with the demo, one browser,
 * the pages visited in sequence once per language.
 */

const project = demoProjectPath;
const dashboard = demoDashboardPath;

const SIGNED_IN_STATES: DemoState[] = [
  { name: 'projects list', path: () => '/projects' },
  { name: 'organization settings', path: (ids) => `/settings/root/organizations/${ids.organizationId}/general` },
  { name: 'organization users', path: (ids) => `/settings/root/organizations/${ids.organizationId}/users` },
  { name: 'my account', path: () => '/settings/users/my/profile' },
  { name: 'dashboards list', path: (ids) => `${project(ids)}/dashboards` },
  { name: 'dashboard (edit)', path: dashboard },
  {
    name: 'dashboard, card menu open',
    path: dashboard,
    open: async (page) => {
      await page.locator('[aria-label="Card menu"], [aria-label="Menu de la carte"]').first().click();
      await page.getByRole('menu').first().waitFor();
    },
  },
  {
    name: 'dashboard, filter popover open',
    path: dashboard,
    open: async (page) => {
      await page
        .getByRole('button', { name: /^(Add Filter|Ajouter un filtre)$/ })
        .first()
        .click();
      await page.locator('.mantine-Popover-dropdown').first().waitFor();
    },
  },
  {
    name: 'dashboard (view)',
    path: (ids) => `/preview/projects/${ids.projectId}/dashboards/${ids.dashboardId}/tabs/${ids.tabId}`,
  },
  {
    name: 'mapping editor',
    path: (ids) => `${project(ids)}/units/${ids.unitId}/mapping?tab=${ids.tabId}&type=${ids.unitType}`,
  },
  { name: 'datasets list', path: (ids) => `${project(ids)}/datasets` },
  { name: 'a dataset', path: (ids) => `${project(ids)}/datasets/${ids.datasetId}` },
  { name: 'models list', path: (ids) => `${project(ids)}/models` },
  { name: 'a model', path: (ids) => `${project(ids)}/models/${ids.modelId}` },
  { name: 'packages list', path: (ids) => `${project(ids)}/packages` },
  { name: 'a package', path: (ids) => `${project(ids)}/packages/${ids.packageId}` },
  { name: 'code editor', path: (ids) => `${project(ids)}/packages/${ids.packageId}/code` },
  { name: 'forms list', path: (ids) => `${project(ids)}/forms` },
  { name: 'form builder', path: (ids) => `${project(ids)}/forms/${ids.formId}` },
  { name: 'Mobi', path: (ids) => `${project(ids)}/mobi` },
  { name: 'public form', path: (ids) => `/public/forms/${ids.formId}` },
  {
    name: 'public form, after an error',
    path: (ids) => `/public/forms/${ids.formId}`,
    open: async (page) => {
      await page.locator('form button[type="submit"]').first().click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  { name: 'public dashboard', path: (ids) => `/public/dashboards/${ids.dashboardId}/tabs/${ids.tabId}` },
];

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  const journey = useJourney({ env: demoServerEnv });
  let ids: DemoIds;

  beforeAll(async () => {
    ids = await waitForDemo(journey.app);
  }, DEMO_DEADLINE_MS + 60_000);

  // Each state is checked in the theme it was loaded in, then in the other one, switched in place as another tab
  // of the app switches it (the page keeps its open menu or popover): every state in both themes, the states
  // loaded in either theme in turn (the switch is kept for the next page).
  for (const language of ['en', 'fr'] as const) {
    it(`every page state, dark and light themes, ${language}`, async () => {
      const { page, context } = journey;
      await context.addInitScript(
        ([themeKey, languageKey, language]) => {
          if (!localStorage.getItem(themeKey)) localStorage.setItem(themeKey, 'dark');
          localStorage.setItem(languageKey, language);
        },
        [THEME_STORAGE_KEY, LANGUAGE_STORAGE_KEY, language],
      );
      const findings: AxeFinding[] = [];
      const checkIn = async (name: string, theme: Theme) => {
        if (process.env.E2E_AXE_SCREENSHOTS) await screenshot(page, `a11y-${theme}-${language}-${name}`);
        findings.push(...(await blockingViolations(page, `${name} (${theme}, ${language})`)));
      };
      const check = async ({ name }: { name: string }) => {
        const loaded = await currentTheme(page);
        await checkIn(name, loaded);
        await switchTheme(page, loaded === 'dark' ? 'light' : 'dark');
        await settle(page);
        await checkIn(name, await currentTheme(page));
      };

      await page.goto('/login');
      await settle(page);
      await check({ name: 'sign-in' });
      await signInByFieldTypes(page, ADMIN.email, ADMIN.password);
      await visitDemoStates(page, ids, SIGNED_IN_STATES, check);
      expect(findings, `axe-core found:\n${describeFindings(findings)}`).toEqual([]);
    }, 300_000);
  }
});

type Theme = 'dark' | 'light';

/** The colour scheme the page is drawn in (Mantine's attribute on the root element). */
async function currentTheme(page: Page): Promise<Theme> {
  const theme = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  if (theme !== 'dark' && theme !== 'light') throw new Error(`the page has no colour scheme (${theme})`);
  return theme;
}

/**
 * Switches the page's theme without reloading it, as the app does when the theme is changed in another of its
 * tabs (the stored choice and its storage event), and waits until the page is drawn in it.
 */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(
    ([key, theme]) => {
      const oldValue = localStorage.getItem(key);
      localStorage.setItem(key, theme);
      window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: theme, storageArea: localStorage }));
    },
    [THEME_STORAGE_KEY, theme],
  );
  await page.waitForFunction(
    (theme) => document.documentElement.getAttribute('data-mantine-color-scheme') === theme,
    theme,
  );
}
