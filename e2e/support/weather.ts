import { api } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callAs } from './api.ts';
import type { Tessera } from './tessera.ts';

/**
 * The cross-filter journeys' data (e2e/crossFilters*.e2e.test.ts): 30 days of weather in three cities, uploaded as
 * a CSV, and how a journey reads and clicks what a chart card drew (the attributes CardChart writes for webdriver).
 */
export const WEATHERS = ['drizzle', 'fog', 'rain', 'snow', 'sun'];
export const CITIES = ['Paris', 'Lyon', 'Nice'];
export const ROWS = Array.from({ length: 30 }, (_, i) => ({
  city: CITIES[(i * 7) % 3] as string,
  weather: WEATHERS[(i * 3) % 5] as string,
  precipitation: ((i * 53) % 97) / 4,
}));
const CSV = `city,weather,precipitation\n${ROWS.map((r) => `${r.city},${r.weather},${r.precipitation}`).join('\n')}\n`;

/** Creates the "weather" dataset in the project and waits for its import. */
export function uploadWeather(app: Tessera, token: string, projectId: string) {
  return uploadCsv(app, token, projectId, 'weather', CSV);
}

/** Creates a dataset of `csv` named `name` in the project and waits for its import. */
export async function uploadCsv(app: Tessera, token: string, projectId: string, name: string, csv: string) {
  const dataset = await callAs(app, token, api.createDataset, { body: { name, projectId } });
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), `${name}.csv`);
  const res = await fetch(`${app.url}/api/v1/datasets/${dataset._id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  for (let tries = 0; ; tries++) {
    const detail = await callAs(app, token, api.getDataset, { params: { id: dataset._id } });
    if (detail.imported) return detail;
    if (tries > 150) throw new Error(`${name} was not imported`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const cardOf = (page: Page, unitId: string) => page.getByTestId(`card-${unitId}`);

/** What a chart card drew: its values, where its elements and texts are, and the chart's box on the page. */
export async function drawn(page: Page, unitId: string) {
  const chart = cardOf(page, unitId).locator('[data-testid="chart-view"][data-values][data-points]');
  await chart.waitFor();
  return {
    values: JSON.parse((await chart.getAttribute('data-values')) ?? '{}') as {
      categories: string[];
      series: Array<{ name: string | null; data: unknown[] }>;
    },
    points: JSON.parse((await chart.getAttribute('data-points')) ?? '[]') as Array<{
      seriesIndex: number;
      row: number;
      x: number;
      y: number;
      baseY: number;
    }>,
    texts: JSON.parse((await chart.getAttribute('data-texts')) ?? '[]') as Array<{
      text: string;
      x: number;
      y: number;
    }>,
    box: (await chart.boundingBox())!,
  };
}

/** A bar chart's drawn values of its first series: category → value. */
export async function bars(page: Page, unitId: string) {
  const { values } = await drawn(page, unitId);
  return new Map(
    values.series[0]!.data.map((point) => {
      const value = (Array.isArray(point) ? point : (point as { value: unknown[] }).value) as [number, number];
      return [values.categories[value[0]]!, value[1]];
    }),
  );
}

/** Clicks the bar of a category, once the bars have grown in (a click mid-animation may land above the bar). */
export async function clickBar(page: Page, unitId: string, category: string) {
  await drawn(page, unitId);
  await page.waitForTimeout(1200);
  const { values, points, box } = await drawn(page, unitId);
  const point = points[values.categories.indexOf(category)]!;
  await page.mouse.click(box.x + point.x, box.y + (point.y + point.baseY) / 2);
}

/** Clicks a drawn text of a chart (a legend entry), by its words. */
export async function clickText(page: Page, unitId: string, text: string) {
  await drawn(page, unitId);
  // The mouse clicks inside the window only: the card is scrolled into it first.
  await cardOf(page, unitId).scrollIntoViewIfNeeded();
  await page.waitForTimeout(1200);
  const { texts, box } = await drawn(page, unitId);
  const at = texts.find((t) => t.text === text);
  if (!at) throw new Error(`no text "${text}" drawn in ${unitId}: ${texts.map((t) => t.text).join(', ')}`);
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

/** The sum of precipitation by city over the rows of one weather. */
export function sumByCity(weather: string) {
  const out = new Map<string, number>();
  for (const r of ROWS.filter((row) => row.weather === weather))
    out.set(r.city, (out.get(r.city) ?? 0) + r.precipitation);
  return out;
}

/** Clicks the first drawn point of a chart whose X category is `category` (a raw scatter's point). */
export async function clickPointOf(page: Page, unitId: string, category: string) {
  await drawn(page, unitId);
  await cardOf(page, unitId).scrollIntoViewIfNeeded();
  await page.waitForTimeout(1200);
  const { values, points, box } = await drawn(page, unitId);
  const categoryOf = (point: { seriesIndex: number; row: number }) => {
    const item = values.series[point.seriesIndex]!.data.find((d) => {
      const value = (Array.isArray(d) ? d : (d as { value: unknown[] }).value) as unknown[];
      return value[2] === point.row;
    });
    const x = ((Array.isArray(item) ? item : (item as { value: unknown[] }).value) as unknown[])[0];
    return typeof x === 'number' ? values.categories[x] : x;
  };
  const point = points.find((p) => categoryOf(p) === category);
  if (!point) throw new Error(`no point of "${category}" drawn in ${unitId}`);
  await page.mouse.click(box.x + point.x, box.y + point.y);
}
