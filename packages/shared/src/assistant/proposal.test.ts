import { describe, expect, it } from 'vitest';
import { chartVisSchema } from '../dashboards/visSchemas.ts';
import { memoryOf } from './constants.ts';
import { parseStoredMessages } from './messages.ts';
import { type CatalogFeature, visFromProposal } from './proposal.ts';

const D1 = 'a'.repeat(24);
const D2 = 'b'.repeat(24);
const f = (
  n: number,
  datasetId: string,
  type: CatalogFeature['type'],
  precision: CatalogFeature['precision'] = null,
) => ({
  _id: String(n).padStart(24, '0'),
  datasetId,
  type,
  precision,
});
const date = f(1, D1, 'date', 'day');
const temp = f(2, D1, 'number');
const weather = f(3, D1, 'category');
const other = f(4, D2, 'number');
const catalog = new Map([date, temp, weather, other].map((x) => [x._id, x]));

const ok = {
  title: 'Average max temperature by month',
  chartType: 'bar',
  x: { featureId: date._id, operation: 'month' },
  y: [{ featureId: temp._id, operation: 'avg' }],
};

describe('visFromProposal', () => {
  it('builds a vis the chart schema validates, with the features of one dataset', () => {
    const result = visFromProposal(ok, catalog);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const vis = chartVisSchema.parse(result.card.vis);
    expect(vis.chartType).toBe('bar');
    expect(vis.independent[0].series[0]).toMatchObject({
      feature: { _id: date._id, dataset: { _id: D1 } },
      operation: 'month',
    });
    expect(vis.dependent[0].series[0]).toMatchObject({ feature: { _id: temp._id }, operation: 'avg' });
    expect(vis.groupBy).toEqual([]);
  });

  it.each([
    ['an unknown feature', { ...ok, y: [{ featureId: 'c'.repeat(24), operation: 'avg' }] }, /unknown feature/],
    ['features of two datasets', { ...ok, y: [{ featureId: other._id, operation: 'avg' }] }, /one dataset/],
    ['an operation that does not fit', { ...ok, y: [{ featureId: weather._id, operation: 'avg' }] }, /does not fit/],
    ['a date part finer than the precision', { ...ok, x: { featureId: date._id, operation: 'hour' } }, /does not fit/],
    ['an unknown chart type', { ...ok, chartType: 'donut' }, /invalid arguments/],
    ['no value', { ...ok, y: [] }, /invalid arguments/],
    ['an extra field', { ...ok, sql: 'drop table x' }, /invalid arguments/],
    ['not an object', 'bar chart please', /invalid arguments/],
  ])('refuses %s', (_name, raw, error) => {
    const result = visFromProposal(raw, catalog);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });

  it('puts a group-by feature in its bucket', () => {
    const result = visFromProposal({ ...ok, groupBy: { featureId: weather._id } }, catalog);
    expect(result.ok && result.card.vis.groupBy).toEqual([
      {
        series: [{ id: 'group', feature: { _id: weather._id, dataset: { _id: D1 } }, jobId: 'latest', operation: '' }],
      },
    ]);
  });
});

describe('memoryOf', () => {
  const m = (chars: number) => ({ text: 'x'.repeat(chars) });
  it.each([
    ['everything within the budget', [m(40), m(40)], 100, 2],
    ['the oldest messages past the budget', [m(400), m(40), m(40)], 30, 2],
    ['the question even when it alone is over the budget', [m(40), m(4000)], 10, 1],
  ])('keeps %s', (_name, messages, budget, kept) => {
    expect(memoryOf(messages, budget)).toHaveLength(kept);
    expect(memoryOf(messages, budget).at(-1)).toBe(messages.at(-1));
  });
});

describe('parseStoredMessages', () => {
  const good = { id: '1', createdAt: '2026-01-01T00:00:00.000Z', text: 'hi', ai: false, mode: 'GPT4' };
  it.each([
    ['nothing stored', null, 0],
    ['text that is not JSON', '{oops', 0],
    ['JSON that is not a list', '{"id":"1"}', 0],
    ['a list with a malformed entry', JSON.stringify([good, { ...good, mode: 'GPT5' }, 'x']), 1],
    [
      'a DALL·E answer with its image URL',
      JSON.stringify([{ ...good, ai: true, mode: 'DALL·E', text: '/api/v1/x' }]),
      1,
    ],
  ])('reads %s', (_name, text, count) => {
    expect(parseStoredMessages(text)).toHaveLength(count);
  });
});
