import { LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AxeFinding, blockingViolations, describeFindings } from './support/axe.ts';
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
 * WCAG 2.2 AA with axe-core (docs/accessibility.md): every page state of the demo project, in both colour
 * schemes and both languages, has no critical or serious violation. One server with the demo, one browser,
 * the pages visited in sequence.
 */

interface PageState {
  name: string;
  path: (ids: DemoIds) => string;
  /** What to do once the page is there (open a menu); the page is checked after it. */
  open?: (page: Page) => Promise<void>;
}

const project = demoProjectPath;
const dashboard = demoDashboardPath;

const SIGNED_IN_STATES: PageState[] = [
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
  const journey = useJourney({ env: () => ({ DEMO: '1' }) });
  let ids: DemoIds;

  beforeAll(async () => {
    ids = await waitForDemo(journey.app);
  }, DEMO_DEADLINE_MS + 60_000);

  for (const theme of ['dark', 'light'] as const) {
    for (const language of ['en', 'fr'] as const) {
      it(`every page state, ${theme} theme, ${language}`, async () => {
        const { page, context } = journey;
        await context.addInitScript(
          ([themeKey, theme, languageKey, language]) => {
            localStorage.setItem(themeKey, theme);
            localStorage.setItem(languageKey, language);
          },
          [THEME_STORAGE_KEY, theme, LANGUAGE_STORAGE_KEY, language],
        );
        const findings: AxeFinding[] = [];
        const check = async (name: string) => {
          await settle(page);
          if (process.env.E2E_AXE_SCREENSHOTS) await screenshot(page, `a11y-${theme}-${language}-${name}`);
          findings.push(...(await blockingViolations(page, `${name} (${theme}, ${language})`)));
        };

        await page.goto('/login');
        await check('sign-in');
        // By the fields' types: the labels are in the page's language.
        await page.locator('input[type="email"], input[name="email"]').first().fill(ADMIN.email);
        await page.locator('input[type="password"]').first().fill(ADMIN.password);
        await page.locator('button[type="submit"]').first().click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        for (const state of SIGNED_IN_STATES) {
          await page.goto(state.path(ids));
          if (state.open) {
            await settle(page);
            await state.open(page);
          }
          await check(state.name);
        }
        expect(findings, `axe-core found:\n${describeFindings(findings)}`).toEqual([]);
      }, 300_000);
    }
  }
});
