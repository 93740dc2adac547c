import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { api, LANGUAGE_STORAGE_KEY } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiStandIn, startOpenAiStandIn } from '../packages/server/src/test/openaiStandIn.ts';
import { apiSignIn, callAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { CardsSetup } from './support/cards.ts';
import { useJourney } from './support/journey.ts';
import { chooseOption, dialog, fieldLabel } from './support/org.ts';
import { webDist } from './support/paths.ts';
import { ADMIN, secretsInLog, startTessera } from './support/tessera.ts';
import { expectPath, expectToast, signIn } from './support/ui.ts';

/**
 * Issue 19 end to end: Mobi, the assistant, in a real Chromium against the real server, which speaks to a real
 * OpenAI-compatible stand-in over HTTP (packages/server/src/test/openaiStandIn.ts). A starter prompt's answer
 * streams in; a chart question gets a proposed card drawn with the real data, added to a dashboard whose card
 * shows the monthly averages computed here from the CSV; DALL·E mode gets one 512x512 image; a failure shows the
 * spec's alert; the key is in no page, asset or log line; and a server without a key says so plainly.
 */

/** Polls wait for answers that stream in a word at a time. */
const POLL = { timeout: 15_000 };
const SERVER_KEY = 'sk-e2e-server-key-9d8c7b6a5f4e';
const USER_KEY = 'sk-e2e-own-key-1a2b3c4d5e6f';

/** Daily weather for January to March 2012: every temp_max distinct, so the averages have one answer. */
function weatherCsv() {
  const lines = ['date,precipitation,temp_max,temp_min,weather'];
  const byMonth = new Map<number, number[]>();
  for (let i = 0; i < 91; i++) {
    const day = new Date(Date.UTC(2012, 0, 1 + i));
    const tempMax = 5 + ((i * 37) % 100) / 10 + day.getUTCMonth() * 3;
    const month = day.getUTCMonth() + 1;
    byMonth.set(month, [...(byMonth.get(month) ?? []), tempMax]);
    const weather = ['rain', 'sun', 'drizzle', 'fog'][i % 4];
    lines.push(
      `${day.toISOString().slice(0, 10)},${(i % 7) / 2},${tempMax.toFixed(1)},${(tempMax - 6).toFixed(1)},${weather}`,
    );
  }
  const averages = [...byMonth.entries()].map(([month, values]) => [
    month,
    values.reduce((a, b) => a + Number(b.toFixed(1)), 0) / values.length,
  ]);
  return { text: `${lines.join('\n')}\n`, averages };
}

describe('Mobi, the assistant', () => {
  let standIn: OpenAiStandIn;
  beforeAll(async () => {
    standIn = await startOpenAiStandIn({ keys: [SERVER_KEY, USER_KEY], chunkDelayMs: 60 });
  });
  afterAll(() => standIn?.close());
  const j = useJourney({ env: () => ({ LLM_BASE_URL: standIn.baseUrl, LLM_API_KEY: SERVER_KEY }) });

  const weather = weatherCsv();
  let token = '';
  let setup: CardsSetup;
  let dashboardId = '';
  let tabId = '';
  beforeAll(async () => {
    token = await apiSignIn(j.app, ADMIN.email, ADMIN.password);
    setup = await CardsSetup.create(j.app, token, 'Weather desk');
    await setup.importCsv('seattle-weather.csv', weather.text, 'seattle-weather');
    const dashboard = await callAs(j.app, token, api.createDashboard, {
      body: { projectId: setup.projectId, name: 'Weather', description: '', type: 'Dashboard', tabName: 'Monthly' },
    });
    dashboardId = dashboard._id;
    tabId = dashboard.tabs[0] as string;
  });

  const answers = (page: Page) => page.getByTestId('assistant-answer');
  const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
  /** Types a message and sends it with Enter once the previous answer has finished (Send enabled). */
  async function ask(page: Page, text: string) {
    await input(page).fill(text);
    await expect.poll(() => page.getByRole('button', { name: 'Send', exact: true }).isDisabled(), POLL).toBe(false);
    await input(page).press('Enter');
  }

  it('streams an answer, proposes a card added to a dashboard with the right numbers, draws an image', async () => {
    const page = j.page;
    const assets = new Map<string, string>();
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (/javascript|css|html/.test(type)) assets.set(response.url(), await response.text().catch(() => ''));
    });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`/projects/${setup.projectId}/mobi`);
    await page.getByRole('heading', { name: 'Mobi' }).waitFor();
    await page.getByText('Beta', { exact: true }).first().waitFor();
    await screenshot(page, 'mobi-en-start');

    // A starter prompt: its answer arrives piece by piece.
    await page.getByRole('button', { name: 'What data does this project have?' }).click();
    const lengths = new Set<number>();
    const first = answers(page).first();
    await first.waitFor();
    for (let i = 0; i < 200; i++) {
      const text = (await first.textContent()) ?? '';
      lengths.add(text.length);
      if (text.includes('earlier message(s)')) break;
      await page.waitForTimeout(40);
    }
    expect(lengths.size, 'the answer grew in several steps').toBeGreaterThan(3);
    await expect.poll(() => first.textContent(), POLL).toContain('This project has 1 dataset(s): seattle-weather');

    // Send is disabled while empty; Shift+Enter is a new line, Enter sends.
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await input(page).fill('first line');
    await expect.poll(() => send.isDisabled(), POLL).toBe(false);
    await input(page).press('Shift+Enter');
    await input(page).pressSequentially('second line');
    expect(await input(page).inputValue()).toBe('first line\nsecond line');
    await ask(page, 'Chart the average temp_max by month in seattle-weather');
    const card = page.getByTestId('assistant-card');
    await card.getByText('Average temp_max by month').waitFor();
    await card.locator('canvas').waitFor();
    await screenshot(page, 'mobi-en-card');

    // Add it to the dashboard's tab, then see its numbers there.
    await card.getByRole('button', { name: 'Add to dashboard' }).click();
    const modal = dialog(page, 'Add to dashboard');
    await chooseOption(modal, 'Data app', 'Weather');
    await expect.poll(() => modal.getByLabel(fieldLabel('Tab')).inputValue(), POLL).toBe('Monthly');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'The card was added to Weather.');

    // Profanity is masked, in the question and in the answer that repeats it.
    await ask(page, 'Is this shit any good?');
    await expect.poll(() => answers(page).last().textContent(), POLL).toContain('You asked: "Is this **** any good?"');
    await page.getByText('Is this **** any good?', { exact: true }).waitFor();

    // DALL·E: one 512x512 image, served by our server (a blob of our API's answer, never the service's link).
    await page.getByText('DALL·E', { exact: true }).click();
    await ask(page, 'a lighthouse in the rain');
    const image = page.getByRole('img', { name: 'Image drawn by Mobi' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), POLL).toBe(512);
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalHeight, img.src.slice(0, 5)])).toEqual([
      512,
      'blob:',
    ]);
    const imageRequest = standIn.requests.find((r) => r.path === '/v1/images/generations');
    expect(imageRequest?.body).toMatchObject({ size: '512x512', n: 1, prompt: 'a lighthouse in the rain' });
    await screenshot(page, 'mobi-en-image');

    // A failure of the service: the spec's alert.
    await page.getByText('GPT4', { exact: true }).click();
    standIn.failNext(500, 'The engine is overloaded');
    await ask(page, 'hello again');
    await page.getByText('Error: The engine is overloaded please try again later').waitFor();

    // The conversation is kept in browser storage under `messages`.
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('messages'))) ?? '[]');
    expect(stored.length).toBeGreaterThanOrEqual(7);
    for (const message of stored)
      expect(Object.keys(message)).toEqual(expect.arrayContaining(['id', 'createdAt', 'text', 'ai', 'mode']));
    expect(stored.map((m: { mode: string }) => m.mode)).toContain('DALL·E');

    // The same page in French.
    await page.evaluate((key) => localStorage.setItem(key, 'fr'), LANGUAGE_STORAGE_KEY);
    await page.reload();
    await page.getByText('Ajouter au tableau de bord').first().waitFor();
    await page.getByRole('button', { name: 'Envoyer', exact: true }).waitFor();
    await screenshot(page, 'mobi-fr-conversation');
    await page.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_STORAGE_KEY);

    // The dashboard's new card shows the monthly averages computed here from the CSV.
    await page.goto(`/projects/${setup.projectId}/dashboards/${dashboardId}/tabs/${tabId}`);
    const chart = page.locator('[data-testid^="card-"] [data-testid="chart-view"][data-values]').first();
    await chart.waitFor();
    const drawn = JSON.parse((await chart.getAttribute('data-values')) ?? '{}') as {
      series: Array<{ data: unknown[] }>;
    };
    const values = (drawn.series[0]?.data ?? []).map((point) => {
      const value = Array.isArray(point) ? point : ((point as { value?: unknown[] })?.value ?? [point]);
      // [category index, value, ...]: the value is second.
      return Number(value.length > 1 ? value[1] : value[0]);
    });
    expect(values, JSON.stringify(drawn)).toHaveLength(3);
    for (const [i, [, average]] of weather.averages.entries()) expect(values[i]).toBeCloseTo(average, 2);
    await page.waitForTimeout(1500); // ECharts' bars grow for a second: picture them grown
    await screenshot(page, 'mobi-en-dashboard-card');

    // What the service received: the server's key, never a row of the dataset; the key nowhere else.
    expect(standIn.requests.length).toBeGreaterThan(3);
    for (const request of standIn.requests) expect(request.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    for (const request of standIn.requests.filter((r) => r.path === '/v1/chat/completions')) {
      expect(request.text).not.toContain('2012-01-15');
      expect(request.text).not.toContain('drizzle');
    }
    expect(assets.size).toBeGreaterThan(2);
    for (const [url, text] of assets) expect(text.includes(SERVER_KEY), url).toBe(false);
    for (const file of filesUnder(webDist)) expect(readFileSync(file).includes(SERVER_KEY), file).toBe(false);
    expect(secretsInLog(j.app, { SERVER_KEY })).toEqual([]);
  });

  it('says plainly when the server has no key, and works with a user’s own key kept in the browser', async () => {
    const bare = await startTessera({ env: { LLM_BASE_URL: standIn.baseUrl } });
    const context = await j.browser.newContext({ baseURL: bare.url, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    try {
      const bareToken = await apiSignIn(bare, ADMIN.email, ADMIN.password);
      const project = await callAs(bare, bareToken, api.createProject, { body: { name: 'No key here' } });
      const page = await context.newPage();
      await signIn(page, ADMIN.email, ADMIN.password);
      await expectPath(page, '/projects');
      await page.goto(`/projects/${project._id}/mobi`);
      await page.getByText('Mobi is not set up on this server').waitFor();
      await page.getByText('LLM_API_KEY', { exact: false }).first().waitFor();
      await page.getByRole('button', { name: 'What leaves our server for the service' }).click();
      await page.getByText('Never a row of your data, nor your name, email address or session.').waitFor();
      await screenshot(page, 'mobi-en-unconfigured');
      await page.evaluate((key) => localStorage.setItem(key, 'fr'), LANGUAGE_STORAGE_KEY);
      await page.reload();
      await page.getByText("Mobi n'est pas configuré sur ce serveur").waitFor();
      await screenshot(page, 'mobi-fr-unconfigured');
      await page.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_STORAGE_KEY);
      await page.reload();

      await page.getByLabel('Your key').fill(USER_KEY);
      await page.getByRole('button', { name: 'Use my key' }).click();
      await page.getByRole('button', { name: 'What data does this project have?' }).click();
      await expect.poll(() => answers(page).first().textContent(), POLL).toContain('earlier message(s)');
      expect(standIn.requests.at(-1)?.headers.authorization).toBe(`Bearer ${USER_KEY}`);
      expect(await page.evaluate(() => localStorage.getItem('mobi.key'))).toBe(USER_KEY);
      expect(secretsInLog(bare, { USER_KEY })).toEqual([]);
    } finally {
      await context.close();
      await bare.stop();
    }
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}
