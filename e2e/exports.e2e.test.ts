import { readFile } from 'node:fs/promises';
import { api, type DashboardFilter, EXPORT_TABLE_ROW_LIMIT, type Vis } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { exportFile, pdfImageCount, pdfPageSize, pdfPages, pdfPictures, pngSize, savePng } from './support/exports.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, signIn } from './support/ui.ts';

/**
 * Issue 48, export (docs/data-apps.md "Export"): a 3-tab data app printed to PDF by the server's Chromium from the
 * web app's export page, read back with poppler's pdftotext — each tab starts a page with the data app's name,
 * its own name and the filters in force; every card's title is there; the 500-row table prints every row (its
 * last one included) with its header on each page — in English and in French. Then PNGs of a tab and of a card,
 * at 2x.
 */
describe('exports of a data app', () => {
  const j = useJourney();
  const ROWS = 500;
  const REGIONS = ['North', 'South', 'East', 'West'];
  const PRODUCTS = ['Anvil', 'Bolt', 'Crank'];
  let token = '';
  let dashboardId = '';
  const tabs = { overview: '', details: '', trends: '' };
  let regionId = '';
  let chartId = '';
  let projectId = '';
  const ref = (n: number) => `S-${String(n).padStart(4, '0')}`;
  const southFilter = (): DashboardFilter => ({
    _id: 'export-south',
    type: 'category',
    operation: 'equal',
    value: ['South'],
    feature: { id: regionId },
  });

  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    const setup = await CardsSetup.create(j.app, token, 'Exports');
    projectId = setup.projectId;
    const lines = Array.from({ length: ROWS }, (_, i) => {
      const region = REGIONS[i % REGIONS.length];
      const product = PRODUCTS[i % PRODUCTS.length];
      return `${ref(i + 1)},${region},${product},${100 + i}`;
    });
    const dataset = await setup.importCsv('sales.csv', `ref,region,product,amount\n${lines.join('\n')}\n`);
    const feature = (name: string) => {
      const found = dataset.features.find((f) => f.name === name);
      if (!found) throw new Error(`no feature ${name}`);
      return { _id: found._id, dataset: { _id: dataset._id } };
    };
    regionId = feature('region')._id;
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: {
        projectId: setup.projectId,
        name: 'Quarterly review',
        description: '',
        type: 'Dashboard',
        tabName: 'Overview',
      },
    });
    dashboardId = dashboard._id;
    tabs.overview = dashboard.tabs[0] as string;
    const addTab = async (name: string) =>
      (await callAs(j.app, token, api.createTab, { params: { id: dashboardId }, body: { name, description: '' } })).tab
        ._id;
    tabs.details = await addTab('Details');
    tabs.trends = await addTab('Trends');
    chartId = await setup.addCard(tabs.overview, { x: 0, y: 0, w: 6, h: 4 }, 'Amount by region', 'chart', {
      chartType: 'bar',
      independent: [{ series: [{ id: 'bar-region', feature: feature('region'), operation: '' }] }],
      dependent: [{ series: [{ id: 'bar-amount', feature: feature('amount'), operation: 'sum' }] }],
    } satisfies Vis);
    await setup.addCard(tabs.overview, { x: 6, y: 0, w: 6, h: 2 }, 'Total amount', 'kpi', {
      kpi: [{ id: 'kpi-amount', feature: feature('amount'), operation: 'sum' }],
      filters: [],
    });
    await setup.addCard(tabs.details, { x: 0, y: 0, w: 12, h: 5 }, 'Every sale', 'table', {
      table: [
        { id: 'col-ref', feature: feature('ref') },
        { id: 'col-region', feature: feature('region') },
        { id: 'col-amount', feature: feature('amount') },
      ],
      filters: [],
    });
    await setup.addCard(tabs.trends, { x: 0, y: 0, w: 12, h: 4 }, 'Amount by product', 'chart', {
      chartType: 'bar',
      independent: [{ series: [{ id: 'bar-product', feature: feature('product'), operation: '' }] }],
      dependent: [{ series: [{ id: 'bar-amount-2', feature: feature('amount'), operation: 'sum' }] }],
    } satisfies Vis);
    await callAs(j.app, token, api.addTabFilter, {
      params: { id: tabs.trends },
      body: { type: 'category', operation: 'equal', value: ['North'], feature: { id: regionId } },
    });
  });

  /** The index of the first page holding `text`. */
  const pageOf = (pages: string[], text: string) => pages.findIndex((page) => page.includes(text));

  it.each([
    ['en', 'Exported', 'Filters:'],
    ['fr', 'Exporté le', 'Filtres :'],
  ])(
    'the PDF (%s) prints each tab from a new page, every card, the filters and all 500 rows',
    async (language, madeAt, filtersWord) => {
      const file = await exportFile(
        j.app,
        token,
        dashboardId,
        { format: 'pdf', filters: { tabs: { [tabs.overview]: [southFilter()] } } },
        language,
      );
      expect(file.type).toBe('application/pdf');
      expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      for (const fraction of file.progress) expect(fraction).toBeGreaterThanOrEqual(0);
      const pages = await pdfPages(file.bytes, `exports-${language}`);
      await pdfPictures(file.bytes, `exports-${language}-page`, 4);
      const all = pages.join('\n');

      // Each tab starts a page headed by the data app's name, the time and its filters in force.
      const overview = pageOf(pages, 'Overview');
      const details = pageOf(pages, 'Details');
      const trends = pageOf(pages, 'Trends');
      expect(overview).toBe(0);
      expect(details).toBeGreaterThan(overview);
      expect(trends).toBeGreaterThan(details);
      for (const index of [overview, details, trends]) {
        expect(pages[index]).toContain('Quarterly review');
        expect(pages[index]).toContain(madeAt);
      }
      expect(pages[overview]).toContain(filtersWord);
      expect(pages[overview]).toContain('South');
      expect(pages[trends]).toContain(filtersWord);
      expect(pages[trends]).toContain('North');
      expect(pages[overview]).not.toContain('Every sale');
      expect(pages[trends]).not.toMatch(/S-\d{4}/);

      // Every card's title, each on its tab's pages.
      expect(pages[overview]).toContain('Amount by region');
      expect(pages[overview]).toContain('Total amount');
      expect(pages[details]).toContain('Every sale');
      expect(pages[trends]).toContain('Amount by product');
      // The charts are vectors (ECharts' SVG renderer): no raster image in the file, their axis labels are text
      // (the bar chart of South's 43,625 has its axis up to 50,000, written in the language's own way).
      expect(await pdfImageCount(file.bytes, `exports-${language}`)).toBe(0);
      expect(pages[overview]).toMatch(/50[,\s\u202f\u00a0]000/);

      // Every row of the table, the last one included, split across pages that each repeat the header.
      for (let n = 1; n <= ROWS; n++) expect(all).toContain(ref(n));
      const tablePages = pages.filter((page) => /S-\d{4}/.test(page));
      expect(tablePages.length).toBeGreaterThan(1);
      for (const page of tablePages) expect(page).toMatch(/ref\s+region\s+amount/);
      expect(pageOf(pages, ref(ROWS))).toBeLessThan(trends);
    },
  );

  it('prints the cross-filters in force and applies them to the other cards', async () => {
    const crossFilters = [
      {
        unitId: chartId,
        card: 'Amount by region',
        feature: 'region',
        labels: ['South'],
        filter: { featureId: regionId, values: ['South'] },
      },
    ];
    const file = await exportFile(j.app, token, dashboardId, { format: 'pdf', tabs: [tabs.overview], crossFilters });
    const [overview] = await pdfPages(file.bytes, 'exports-cross');
    expect(overview).toContain('Cross-filters: region is South — from Amount by region');
    // The KPI counts South's sales only (43,625 of 174,750); the clicked chart keeps every region.
    expect(overview).toMatch(/43,625/);
    expect(overview).not.toMatch(/174,750/);
    for (const region of REGIONS) expect(overview).toContain(region);
  });

  it('prints on A4 portrait by default, on Letter landscape when asked, the chosen tabs only', async () => {
    const a4 = await exportFile(j.app, token, dashboardId, { format: 'pdf', tabs: [tabs.trends] });
    expect(await pdfPageSize(a4.bytes, 'exports-a4')).toBe('595.92 x 842.88');
    const a4Pages = await pdfPages(a4.bytes, 'exports-a4');
    expect(a4Pages).toHaveLength(1);
    expect(a4Pages[0]).toContain('Trends');
    expect(a4Pages[0]).not.toContain('Overview');
    const letter = await exportFile(j.app, token, dashboardId, {
      format: 'pdf',
      tabs: [tabs.trends, tabs.overview],
      paper: 'letter',
      orientation: 'landscape',
    });
    expect(await pdfPageSize(letter.bytes, 'exports-letter')).toBe('792 x 612');
    const letterPages = await pdfPages(letter.bytes, 'exports-letter');
    // In the data app's order, whatever the order asked.
    expect(letterPages.map((page) => (page.includes('Overview') ? 'Overview' : 'Trends'))).toEqual([
      'Overview',
      'Trends',
    ]);
  });

  it("a table longer than the limit prints its first 2,000 rows and says so, in the reader's language", async () => {
    const setup = await CardsSetup.create(j.app, token, 'Long export');
    const long = EXPORT_TABLE_ROW_LIMIT + 50;
    const lines = Array.from({ length: long }, (_, i) => `L-${String(i + 1).padStart(5, '0')},${i}`);
    const dataset = await setup.importCsv('long.csv', `code,n\n${lines.join('\n')}\n`);
    const code = dataset.features.find((f) => f.name === 'code');
    if (!code) throw new Error('no feature code');
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Long', description: '', type: 'Dashboard', tabName: 'All' },
    });
    await setup.addCard(dashboard.tabs[0] as string, { x: 0, y: 0, w: 12, h: 5 }, 'Every code', 'table', {
      table: [{ id: 'col-code', feature: { _id: code._id, dataset: { _id: dataset._id } } }],
      filters: [],
    });
    for (const [language, line] of [
      ['en', 'Only the first 2,000 rows are printed.'],
      ['fr', 'Seules les 2\u202f000 premières lignes sont imprimées.'],
    ] as const) {
      const file = await exportFile(j.app, token, dashboard._id, { format: 'pdf' }, language);
      const all = (await pdfPages(file.bytes, `exports-long-${language}`)).join('\n');
      expect(all).toContain('L-00001');
      expect(all).toContain(`L-0${EXPORT_TABLE_ROW_LIMIT}`);
      expect(all).not.toContain(`L-0${EXPORT_TABLE_ROW_LIMIT + 1}`);
      expect(all.replace(/[\u00a0\u202f]/g, ' ')).toContain(line.replace(/[\u00a0\u202f]/g, ' '));
    }
  });

  it('a PNG of a tab is the export page at 2x (1180 css px wide); a card PNG is the card alone, at 2x', async () => {
    const tab = await exportFile(j.app, token, dashboardId, { format: 'png', tabs: [tabs.overview] });
    expect(tab.type).toBe('image/png');
    savePng(tab.bytes, 'exports-tab');
    const tabSize = pngSize(tab.bytes);
    expect(tabSize.width).toBe(2 * 1180);
    expect(tabSize.height % 2).toBe(0);

    const card = await exportFile(j.app, token, dashboardId, { format: 'png', unitId: chartId });
    expect(card.type).toBe('image/png');
    savePng(card.bytes, 'exports-card');
    const cardSize = pngSize(card.bytes);
    expect(cardSize.width % 2).toBe(0);
    expect(cardSize.height % 2).toBe(0);
    expect(cardSize.width).toBeLessThan(tabSize.width / 2 + 2);
    expect(cardSize.width).toBeGreaterThan(tabSize.width / 3);
    // Four grid rows of 70 px, at 2x.
    expect(Math.abs(cardSize.height - 2 * 4 * 70)).toBeLessThanOrEqual(4);
  });

  it('Export PDF… in the data app menu (tabs and paper chosen) and Download PNG in a card menu save the files, with progress', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${projectId}/dashboards/${dashboardId}/tabs/${tabs.overview}`);
    await page.getByRole('button', { name: 'Data app menu' }).click();
    const pdfDownload = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Export PDF…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export PDF' });
    await dialog.getByRole('checkbox', { name: 'Details' }).uncheck();
    await dialog.getByRole('radio', { name: 'Landscape' }).check();
    await screenshot(page, 'exports-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Export' }).click();
    await page
      .getByText(/Preparing your file/)
      .first()
      .waitFor();
    await screenshot(page, 'exports-progress', { fullPage: false });
    const pdf = await readFile((await (await pdfDownload).path()) as string);
    const pages = await pdfPages(pdf, 'exports-menu');
    // The tabs chosen in the dialog only, on landscape paper.
    expect(pages.join('\n')).toContain('Trends');
    expect(pages.join('\n')).not.toContain('Every sale');
    expect(pageOf(pages, 'Overview')).toBe(0);
    expect(await pdfPageSize(pdf, 'exports-menu')).toBe('842.88 x 595.92');
    await page.getByText('Your file is ready.').waitFor();
    await screenshot(page, 'exports-done', { fullPage: false });

    await page.getByTestId(`card-${chartId}`).getByRole('button', { name: 'Card menu' }).click();
    const pngDownload = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Download PNG' }).click();
    const png = await readFile((await (await pngDownload).path()) as string);
    savePng(png, 'exports-menu-card');
    expect(Math.abs(pngSize(png).height - 2 * 4 * 70)).toBeLessThanOrEqual(4);
  });
});
