import { api, PROJECT_ROLE_PRESETS, ROLE_PRESETS, type Tab } from '@tessera/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs, createClaimedUser, type TestUser } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { type Box, boxOf, columnWidth, dragBy, resizeHandle, settledBox } from './support/grid.ts';
import { useJourney } from './support/journey.ts';
import { dialog, fieldLabel } from './support/org.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, fieldError, signIn, storedToken } from './support/ui.ts';

/**
 * Issue 6 end to end (data apps area, dashboard screen, card; tabs; roles; grid): root builds a
 * dashboard (a tab, two cards, one dragged and one resized with the mouse, the layout kept across a reload) and a
 * report (sections in the side list), makes the project public and opens the copied public link in a browser with
 * no session, a View Dashboards member finds no edit control, and the dashboard is looked at on a desktop and a
 * phone. The tests share one server and run in order, each building on what the previous one made.
 */
describe('data apps', () => {
  const j = useJourney();
  const PROJECT = 'Quarterly Sales';
  const DASHBOARD = 'Sales Overview';
  const REPORT = 'Annual Report';
  const TAB = 'Revenue';
  const CARD_A = 'Revenue by month';
  const CARD_B = 'Top customers';
  const viewer = {
    first: 'Vera',
    last: 'Viewer',
    email: 'vera.viewer@tessera.test',
    password: 'Vera-only-looks-1!',
  };

  let rootToken = '';
  let projectId = '';
  let dashboardId = '';
  let revenueTabId = '';
  /** Card A was added first (then resized), card B second (then dragged to the top). */
  let cardA = '';
  let cardB = '';
  let publicLink = '';
  let viewerUser: TestUser | undefined;

  // The project is the setting, not the journey: root creates it through the API (the projects journey covers its screens).
  beforeAll(async () => {
    rootToken = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    projectId = (await callAs(j.app, rootToken, api.createProject, { body: { name: PROJECT } }))._id;
  });

  const dashboardsPath = () => `/projects/${projectId}/dashboards`;
  const revenuePath = () => `${dashboardsPath()}/${dashboardId}/tabs/${revenueTabId}`;
  const readTab = async (tabId: string): Promise<Tab> =>
    (await callAs(j.app, rootToken, api.getTab, { params: { id: tabId } })).tab;
  const card = (page: Page, unitId: string): Locator => page.getByTestId(`card-${unitId}`);
  const byPlace = (tab: Tab) =>
    Object.fromEntries(tab.layout.map(({ i, x, y, w, h }) => [i, { x, y, w, h }])) as Record<
      string,
      { x: number; y: number; w: number; h: number }
    >;

  /** Root signs in and opens the project's data apps from the project list. */
  async function openDashboardsAsRoot(page: Page) {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.getByRole('link', { name: `Open ${PROJECT}`, exact: true }).click();
    // The project root goes to its first visible area: the data apps.
    await expectPath(page, dashboardsPath());
    await page.getByRole('heading', { name: 'Data Apps', exact: true }).waitFor();
  }

  /** Create Data App with App Name and the layout: the new app opens; back on the list, its card shows. */
  async function createDashboardInUi(page: Page, name: string, layout: 'Dashboard' | 'Report', description = '') {
    await page.getByRole('button', { name: 'Create Data App', exact: true }).click();
    const modal = dialog(page, 'Create Data App');
    await modal.getByLabel(fieldLabel('App Name')).fill(name);
    if (description) await modal.getByLabel('Description', { exact: true }).fill(description);
    // The layout is a segmented control: its radio inputs are hidden behind their labels, which a person clicks.
    await modal.getByText(layout, { exact: true }).click();
    expect(await modal.getByRole('radio', { name: layout, exact: true }).isChecked()).toBe(true);
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name, exact: true }).waitFor();
    await expectPath(page, new RegExp(`^${dashboardsPath()}/${layout === 'Report' ? 'report/' : ''}[^/]+/tabs/[^/]+$`));
    await page.goBack();
    await page.getByRole('link', { name: `Open ${name}`, exact: true }).waitFor();
  }

  /** Every control that lets a person change the dashboard: none may show to a reader. */
  async function editControls(page: Page): Promise<Record<string, number>> {
    const count = (name: string) => page.getByRole('button', { name, exact: true }).count();
    return {
      'Create Data App': await count('Create Data App'),
      'Add Tab': await count('Add Tab'),
      'Add Card': await count('Add Card'),
      Colors: await count('Colors'),
      'Card menu': await count('Card menu'),
      Edit: await count('Edit'),
      'tab menus': await page.getByRole('button', { name: /^Menu of tab / }).count(),
      'Card name field': await page.getByRole('textbox', { name: 'Card name', exact: true }).count(),
      'move handles': await page.getByRole('button', { name: /^Move / }).count(),
      // react-grid-layout keeps the handles of a grid that cannot be resized, hidden (class react-resizable-hide).
      'resize handles': await page.locator('.react-resizable-handle:visible').count(),
    };
  }
  const NO_EDIT_CONTROLS = {
    'Create Data App': 0,
    'Add Tab': 0,
    'Add Card': 0,
    Colors: 0,
    'Card menu': 0,
    Edit: 0,
    'tab menus': 0,
    'Card name field': 0,
    'move handles': 0,
    'resize handles': 0,
  };

  /** A reader's tab menus hold the export of the tab alone (Download PNG): nothing that edits. */
  const READER_CONTROLS = { ...NO_EDIT_CONTROLS, 'tab menus': 2 };
  async function readerTabMenuItems(page: Page): Promise<string[]> {
    await page
      .getByRole('button', { name: /^Menu of tab / })
      .first()
      .click();
    const items = await page.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    return items;
  }

  it('root creates a dashboard, adds a tab and cards, resizes one and drags the other; a reload keeps the layout', async () => {
    const { page } = j;
    await openDashboardsAsRoot(page);
    await expectText(page, 'No data apps yet.');

    // App Name is required.
    await page.getByRole('button', { name: 'Create Data App', exact: true }).click();
    const modal = dialog(page, 'Create Data App');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await fieldError(modal.getByLabel(fieldLabel('App Name')))).toBe('Required');
    await modal.getByRole('button', { name: 'Cancel', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });

    await createDashboardInUi(page, DASHBOARD, 'Dashboard', 'Monthly revenue and customers');
    // For its first 10 seconds the card's image says 'New dashboard'.
    await expectText(page, 'New dashboard');
    await screenshot(page, 'data-apps-list');

    // Opening a dashboard goes to its first tab.
    await page.getByRole('link', { name: `Open ${DASHBOARD}`, exact: true }).click();
    await expectPath(page, new RegExp(`^${dashboardsPath()}/[^/]+/tabs/[^/]+$`));
    const [, , , , dashboard, , firstTab] = new URL(page.url()).pathname.split('/');
    dashboardId = dashboard;
    await page.getByRole('heading', { name: DASHBOARD, exact: true }).waitFor();
    const tab1 = page.getByRole('tab', { name: 'Tab 1', exact: true });
    await expect.poll(() => tab1.getAttribute('aria-selected')).toBe('true');
    await expectText(page, 'Add some cards to get started');
    await expectText(page, 'Click the button and a card will appear');

    // Add Tab: the tab modal (Name required, Description); creating goes to the new tab.
    await page.getByRole('button', { name: 'Add Tab', exact: true }).click();
    const tabModal = dialog(page, 'New Tab');
    await tabModal.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await fieldError(tabModal.getByLabel(fieldLabel('Name')))).toBe('Required');
    await tabModal.getByLabel(fieldLabel('Name')).fill(TAB);
    await tabModal.getByLabel('Description', { exact: true }).fill('Where the money comes from');
    await tabModal.getByRole('button', { name: 'Create', exact: true }).click();
    await tabModal.waitFor({ state: 'hidden' });
    await expectPath(page, new RegExp(`^${dashboardsPath()}/${dashboardId}/tabs/(?!${firstTab}$)[^/]+$`));
    revenueTabId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const revenueTab = page.getByRole('tab', { name: TAB, exact: true });
    await expect.poll(() => revenueTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => tab1.getAttribute('aria-selected')).toBe('false');

    // Two cards: each starts with the type chooser.
    const cards = page.locator('.react-grid-item');
    await page.getByRole('button', { name: 'Add Card', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await expectText(page, 'Map data or models to a visualization');
    await expectText(page, 'Press one of the visualization types below to begin');
    await page.getByRole('button', { name: 'Add Card', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(2);
    const created = await readTab(revenueTabId);
    [cardA, cardB] = created.units;
    // 12x3 at the top of an empty dashboard tab; the next one full width below it.
    expect(byPlace(created)).toEqual({
      [cardA]: { x: 0, y: 0, w: 12, h: 3 },
      [cardB]: { x: 0, y: 3, w: 12, h: 3 },
    });
    expect(await card(page, cardA).getByRole('button', { name: 'KPI', exact: true }).isVisible()).toBe(true);

    // The names are edited in place in the card header (saved on Enter).
    for (const [unitId, name] of [
      [cardA, CARD_A],
      [cardB, CARD_B],
    ] as const) {
      const field = card(page, unitId).getByRole('textbox', { name: 'Card name', exact: true });
      await field.fill(name);
      await field.press('Enter');
    }
    await expect
      .poll(async () => {
        const { units } = await callAs(j.app, rootToken, api.getDashboard, { params: { id: dashboardId } });
        return Object.fromEntries(units.map((u) => [u._id, u.name]));
      })
      .toEqual({ [cardA]: CARD_A, [cardB]: CARD_B });

    // Resize card A by its corner handle to half the width and one row taller: 6 columns of 12, 4 rows.
    const gridBox = await page.locator('.react-grid-layout').boundingBox();
    if (!gridBox) throw new Error('no card grid');
    const step = columnWidth(gridBox.width, 12) + 20;
    await dragBy(page, resizeHandle(card(page, cardA)), -6 * step, 120);
    await expect
      .poll(async () => byPlace(await readTab(revenueTabId))[cardA], { timeout: 15_000 })
      .toEqual({ x: 0, y: 0, w: 6, h: 4 });

    // Drag card B by its handle up to the top row: it takes the top and card A goes below it.
    const a = await settledBox(card(page, cardA));
    const b = await settledBox(card(page, cardB));
    await dragBy(page, card(page, cardB).getByRole('button', { name: /^Move / }), 0, a.y - b.y);
    await expect
      .poll(async () => byPlace(await readTab(revenueTabId)), { timeout: 15_000 })
      .toEqual({
        [cardB]: { x: 0, y: 0, w: 12, h: 3 },
        [cardA]: { x: 0, y: 3, w: 6, h: 4 },
      });
    const before = { a: await settledBox(card(page, cardA)), b: await settledBox(card(page, cardB)) };
    expect(before.b.y).toBeLessThan(before.a.y);
    expect(before.a.width).toBeLessThan(before.b.width * 0.55);
    expect(before.a.height).toBeGreaterThan(before.b.height);
    await screenshot(page, 'data-apps-dashboard-arranged');

    // After a reload the cards are where they were left, with their names.
    await page.reload();
    await card(page, cardA).waitFor();
    const after = { a: await settledBox(card(page, cardA)), b: await settledBox(card(page, cardB)) };
    expect(after).toEqual(before);
    expect(await card(page, cardA).getByRole('textbox', { name: 'Card name', exact: true }).inputValue()).toBe(CARD_A);
    expect(await card(page, cardB).getByRole('textbox', { name: 'Card name', exact: true }).inputValue()).toBe(CARD_B);
  });

  it('root creates a report and adds sections: they appear in the side section list and on the page', async () => {
    const { page } = j;
    await openDashboardsAsRoot(page);
    await createDashboardInUi(page, REPORT, 'Report');
    // Newest first.
    expect(
      await page.getByRole('link', { name: /^Open / }).evaluateAll((links) => links.map((l) => l.ariaLabel)),
    ).toEqual([`Open ${REPORT}`, `Open ${DASHBOARD}`]);

    // A report opens at report/{id}/tabs/{firstTabId}.
    await page.getByRole('link', { name: `Open ${REPORT}`, exact: true }).click();
    await expectPath(page, new RegExp(`^${dashboardsPath()}/report/[^/]+/tabs/[^/]+$`));
    const reportId = new URL(page.url()).pathname.split('/')[5];
    await page.getByRole('heading', { name: REPORT, exact: true }).waitFor();
    const sectionList = page.getByRole('navigation', { name: 'Sections', exact: true });
    await sectionList.getByRole('button', { name: 'Section 1', exact: true }).waitFor();

    // The section modal has only Section Name, which is required.
    for (const [index, name] of ['Highlights', 'Outlook'].entries()) {
      await sectionList.getByRole('button', { name: 'Add Section', exact: true }).click();
      const modal = dialog(page, 'New Section');
      if (index === 0) {
        await modal.getByRole('button', { name: 'Create', exact: true }).click();
        expect(await fieldError(modal.getByLabel(fieldLabel('Section Name')))).toBe('Required');
        expect(await modal.getByLabel('Description', { exact: true }).count()).toBe(0);
      }
      await modal.getByLabel(fieldLabel('Section Name')).fill(name);
      await modal.getByRole('button', { name: 'Create', exact: true }).click();
      await modal.waitFor({ state: 'hidden' });
      await page.getByRole('region', { name, exact: true }).waitFor();
    }
    expect(await sectionList.getByRole('button').allTextContents()).toEqual([
      'Section 1',
      'Highlights',
      'Outlook',
      'Add Section',
    ]);
    // The last section created is the selected one; all three are on the one scrolling page.
    await expectPath(page, new RegExp(`/report/${reportId}/tabs/[^/]+$`));
    const { dashboard: report, tabs } = await callAs(j.app, rootToken, api.getDashboard, { params: { id: reportId } });
    expect(report.type).toBe('Report');
    expect(tabs.map((t) => t.name)).toEqual(['Section 1', 'Highlights', 'Outlook']);
    expect(new URL(page.url()).pathname.endsWith(`/tabs/${tabs[2]._id}`)).toBe(true);
    // React Router commits the new path's render in a transition, after the address bar changes: wait for it.
    await sectionList
      .getByRole('button', { name: 'Outlook', exact: true })
      .and(sectionList.locator('[aria-current="location"]'))
      .waitFor();
    for (const name of ['Section 1', 'Highlights', 'Outlook']) {
      await page.getByRole('region', { name, exact: true }).getByRole('heading', { name, exact: true }).waitFor();
    }

    // A card added to a section goes 6x3 at x6,y3.
    const highlights = page.getByRole('region', { name: 'Highlights', exact: true });
    await highlights.getByRole('button', { name: 'Add Card', exact: true }).click();
    await highlights.locator('.react-grid-item').waitFor();
    const highlightsTab = (await callAs(j.app, rootToken, api.getTab, { params: { id: tabs[1]._id } })).tab;
    expect(highlightsTab.layout.map(({ x, y, w, h }) => ({ x, y, w, h }))).toEqual([{ x: 6, y: 3, w: 6, h: 3 }]);

    // Choosing a section in the side list selects it (its path).
    await sectionList.getByRole('button', { name: 'Highlights', exact: true }).click();
    await expectPath(page, `${dashboardsPath()}/report/${reportId}/tabs/${tabs[1]._id}`);
    // Choosing it scrolls the page (smoothly) towards it: the picture is taken once the page has stopped, as the
    // window shows it.
    let lastScroll = -1;
    await expect
      .poll(
        async () => {
          const now = await page.evaluate(() => window.scrollY);
          const still = now === lastScroll && now > 0;
          lastScroll = now;
          return still;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    const heading = await boxOf(highlights.getByRole('heading', { name: 'Highlights', exact: true }));
    expect(heading.y).toBeGreaterThan(0);
    expect(heading.y + heading.height).toBeLessThan(page.viewportSize()?.height ?? 0);
    await screenshot(page, 'data-apps-report-sections', { fullPage: false });

    // Editors drag a section in the side list to reorder (the list's drag and drop loads for editors only).
    const outlook = sectionList.getByRole('button', { name: 'Outlook', exact: true });
    const highlightsButton = await boxOf(sectionList.getByRole('button', { name: 'Highlights', exact: true }));
    await dragBy(page, outlook, 0, highlightsButton.y - (await boxOf(outlook)).y);
    await expect
      .poll(() => sectionList.getByRole('button').allTextContents())
      .toEqual(['Section 1', 'Outlook', 'Highlights', 'Add Section']);
    await expect
      .poll(async () => {
        const reordered = await callAs(j.app, rootToken, api.getDashboard, { params: { id: reportId } });
        return reordered.tabs.map((t) => t.name);
      })
      .toEqual(['Section 1', 'Outlook', 'Highlights']);
  });

  it('root makes the project public and copies the public link; a browser with no session sees the dashboard read-only', async () => {
    const { page, context, app } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    // The dashboard offers no public link while the project is private.
    await page.goto(revenuePath());
    await card(page, cardA).waitFor();
    expect(await page.getByRole('button', { name: 'Copy Public Link', exact: true }).count()).toBe(0);

    // The project menu's Public Dashboards switch.
    await page.goto('/projects');
    await page.getByRole('button', { name: `Project menu for ${PROJECT}`, exact: true }).click();
    const publicSwitch = page.getByRole('menuitemcheckbox', { name: 'Public Dashboards', exact: true });
    expect(await publicSwitch.getAttribute('aria-checked')).toBe('false');
    await publicSwitch.click();
    await expectToast(page, `Dashboards of ${PROJECT} are now public`);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.goto(revenuePath());
    await card(page, cardA).waitFor();
    await page.getByRole('button', { name: 'Copy Public Link', exact: true }).click();
    // The label reads "Copied!" for 2 seconds, then goes back.
    await page.getByRole('button', { name: 'Copied!', exact: true }).waitFor();
    publicLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(publicLink).toBe(`${app.url}/public/dashboards/${dashboardId}/tabs/${revenueTabId}`);
    await screenshot(page, 'data-apps-copied-public-link');
    await page.getByRole('button', { name: 'Copy Public Link', exact: true }).waitFor({ timeout: 10_000 });

    // Someone else, with no session at all, opens the link.
    const visitor = await j.anotherPage();
    await visitor.goto(publicLink);
    await expectText(visitor, 'This dashboard is public: anyone with the link can view it.');
    expect(await visitor.getByRole('link', { name: 'Made with Tessera', exact: true }).getAttribute('href')).toBe('/');
    await visitor.getByRole('heading', { name: DASHBOARD, exact: true }).waitFor();
    expect(await visitor.getByRole('tab').allTextContents()).toEqual(['Tab 1', TAB]);
    await expect
      .poll(() => visitor.getByRole('tab', { name: TAB, exact: true }).getAttribute('aria-selected'))
      .toBe('true');
    await card(visitor, cardA).getByText(CARD_A, { exact: true }).waitFor();
    await card(visitor, cardB).getByText(CARD_B, { exact: true }).waitFor();
    // Read only: nothing addressed to editors or members (no chooser texts), no card menu and nothing to edit.
    expect(await visitor.getByText('Owner has not mapped data', { exact: true }).count()).toBe(0);
    expect(
      await visitor
        .getByText('You cannot add a visualization to a card with read only permission', { exact: true })
        .count(),
    ).toBe(0);
    expect(await editControls(visitor)).toEqual(NO_EDIT_CONTROLS);
    expect(await visitor.getByRole('button', { name: 'Copy Public Link', exact: true }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Show Datasets', exact: true }).count()).toBe(0);
    expect(await storedToken(visitor)).toBeNull();
    // The layout root arranged is the one the public sees.
    const a = await settledBox(card(visitor, cardA));
    const b = await settledBox(card(visitor, cardB));
    expect(b.y).toBeLessThan(a.y);
    expect(a.width).toBeLessThan(b.width * 0.55);
    await screenshot(visitor, 'data-apps-public-dashboard');

    // The other tab is public too (the dashboard's own tabs).
    await visitor.getByRole('tab', { name: 'Tab 1', exact: true }).click();
    await expectText(visitor, 'No cards have been added yet.');
    expect(new URL(visitor.url()).pathname).toMatch(new RegExp(`^/public/dashboards/${dashboardId}/tabs/[^/]+$`));

    // The public page follows the project's live channel: a tab root adds appears for the visitor, no reload.
    const { tab: live } = await callAs(app, rootToken, api.createTab, {
      params: { id: dashboardId },
      body: { name: 'Live' },
    });
    await visitor.getByRole('tab', { name: 'Live', exact: true }).waitFor();
    await callAs(app, rootToken, api.deleteTab, { params: { id: dashboardId, tabId: live._id } });
    await visitor.getByRole('tab', { name: 'Live', exact: true }).waitFor({ state: 'detached' });

    // Once the project is private again, the same link shows nothing.
    await callAs(app, rootToken, api.updateProject, { params: { id: projectId }, body: { public: false } });
    await visitor.goto(publicLink);
    await expectText(visitor, 'This dashboard is not available.');
    expect(await visitor.getByRole('heading', { name: DASHBOARD, exact: true }).count()).toBe(0);
    await callAs(app, rootToken, api.updateProject, { params: { id: projectId }, body: { public: true } });
  });

  it('a View Dashboards member sees the dashboards with no edit control and the read-only card texts', async () => {
    const { page, app } = j;
    const organization = await callAs(app, rootToken, api.getMyOrganization);
    viewerUser = await createClaimedUser(app, rootToken, organization._id, { ...viewer, roles: ROLE_PRESETS.viewOnly });
    const member = await callAs(app, rootToken, api.createPermission, {
      body: { projectId, userId: viewerUser._id, roles: PROJECT_ROLE_PRESETS.viewDashboards },
    });
    expect(member.preset).toBe('viewDashboards');

    await signIn(page, viewer.email, viewer.password);
    await expectPath(page, '/projects');
    await page.getByRole('link', { name: `Open ${PROJECT}`, exact: true }).click();
    await expectPath(page, dashboardsPath());
    await page.getByRole('link', { name: `Open ${DASHBOARD}`, exact: true }).waitFor();
    await page.getByRole('link', { name: `Open ${REPORT}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Data App', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Menu of ${DASHBOARD}`, exact: true }).count()).toBe(0);
    await screenshot(page, 'data-apps-viewer-list');

    // The first tab has no card: the view-only texts.
    await page.getByRole('link', { name: `Open ${DASHBOARD}`, exact: true }).click();
    await page.getByRole('heading', { name: DASHBOARD, exact: true }).waitFor();
    await expectText(page, 'No cards have been added yet.');
    await expectText(page, 'Without edit access, you are not able to add cards');
    expect(await editControls(page)).toEqual(READER_CONTROLS);
    expect(await readerTabMenuItems(page)).toEqual(['Download PNG']);

    // The tab with cards: names as plain text, the read-only chooser texts, no menu, no handle.
    await page.getByRole('tab', { name: TAB, exact: true }).click();
    await expectPath(page, revenuePath());
    await card(page, cardA).getByText(CARD_A, { exact: true }).waitFor();
    await card(page, cardB).getByText(CARD_B, { exact: true }).waitFor();
    for (const unitId of [cardA, cardB]) {
      await card(page, unitId).getByText('Owner has not mapped data', { exact: true }).waitFor();
      await card(page, unitId)
        .getByText('You cannot add a visualization to a card with read only permission', { exact: true })
        .waitFor();
      expect(await card(page, unitId).getByRole('button', { name: 'KPI', exact: true }).count()).toBe(0);
    }
    expect(await editControls(page)).toEqual(READER_CONTROLS);
    expect(await page.getByRole('button', { name: 'Copy Public Link', exact: true }).count()).toBe(1);
    // The grid first draws at the window's width and animates to its measured width: look once it has settled.
    await settledBox(card(page, cardB));
    await screenshot(page, 'data-apps-viewer-dashboard');

    // The mouse cannot move a card either: a drag on the card header changes nothing.
    const before = await settledBox(card(page, cardB));
    await dragBy(page, card(page, cardB).getByText(CARD_B, { exact: true }), 0, 300);
    expect(await settledBox(card(page, cardB))).toEqual(before);

    // And the server refuses the member's changes whatever the screen shows.
    const viewerToken = await apiSignIn(app, viewer.email, viewer.password);
    await expect(
      callAs(app, viewerToken, api.createTab, { params: { id: dashboardId }, body: { name: 'Sneaky' } }),
    ).rejects.toThrow(/answered 403/);
    await expect(
      callAs(app, viewerToken, api.updateTab, {
        params: { id: revenueTabId },
        body: { layout: [{ i: cardA, x: 0, y: 0, w: 12, h: 1, moved: false, static: false }] },
      }),
    ).rejects.toThrow(/answered 403/);
    expect(byPlace(await readTab(revenueTabId))[cardA]).toEqual({ x: 0, y: 3, w: 6, h: 4 });
  });

  it('the dashboard on a 1440 px desktop keeps its grid, and on a 390 px phone stacks the cards full width', async () => {
    const { page } = j;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(revenuePath());
    await card(page, cardA).waitFor();
    const desk = { a: await settledBox(card(page, cardA)), b: await settledBox(card(page, cardB)) };
    expect(desk.b.y).toBeLessThan(desk.a.y);
    expect(desk.a.x).toBe(desk.b.x);
    // Card A spans 6 of 12 columns: half of the full width less half a margin.
    expect(Math.abs(desk.a.width - (desk.b.width - 20) / 2)).toBeLessThanOrEqual(2);
    // Row height 100 and margin 20: 3 rows are 340 px, 4 rows 460 px.
    expect(desk.b.height).toBe(340);
    expect(desk.a.height).toBe(460);
    await screenshot(page, 'data-apps-dashboard-desktop-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    // Below the 700 px breakpoint the grid has 2 columns and stacks the cards full width in reading order.
    await expect
      .poll(async () => {
        const a = await boxOf(card(page, cardA));
        const b = await boxOf(card(page, cardB));
        return a.width === b.width && a.x === b.x && b.y + b.height < a.y;
      })
      .toBe(true);
    const phone: { a: Box; b: Box } = {
      a: await settledBox(card(page, cardA)),
      b: await settledBox(card(page, cardB)),
    };
    const grid = await boxOf(page.locator('.react-grid-layout'));
    expect(phone.a.width).toBe(grid.width);
    expect(phone.a.width).toBeLessThanOrEqual(390);
    // Heights are kept; cards are not dragged on a phone (desktop only).
    expect(phone.a.height).toBe(460);
    expect(phone.b.height).toBe(340);
    expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
    // Nothing spills sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'data-apps-dashboard-phone-390');

    // A long description shows two lines and "Show more" for the rest: never cut with no way to read it.
    const description = Array.from({ length: 12 }, (_, i) => `Revenue line ${i + 1} is booked when invoiced.`).join(
      ' ',
    );
    await callAs(j.app, rootToken, api.updateDashboard, { params: { id: dashboardId }, body: { description } });
    await page.reload();
    const spoiler = page.getByTestId('dashboard-description');
    await spoiler.getByRole('button', { name: 'Show more' }).click();
    await spoiler.getByRole('button', { name: 'Show less' }).waitFor();
    // Opened, every line shows: the text's box is no taller than what it is given.
    const clipped = () =>
      spoiler.evaluate((el) => {
        const content = el.querySelector<HTMLElement>('.mantine-Spoiler-content');
        return content ? content.scrollHeight - content.clientHeight : -1;
      });
    await expect.poll(clipped).toBeLessThanOrEqual(1);
    expect((await spoiler.boundingBox())?.height ?? 0).toBeGreaterThan(44);
    await screenshot(page, 'data-apps-description-show-more-390');
  });
});
