import type { DatasetDetail, UnitData, UnitRows } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../platform/tenancy.tables.ts';
import { importCsv } from '../../datasets/datasets.fixtures.ts';
import { createDashboard } from '../dashboards.fixtures.ts';
import { type CardsWorld, call, cardsWorld, featureId, savedCard, sumByRegion } from './unitData.fixtures.ts';

/**
 * A selection reaching two features of one dataset at the same distance from the clicked one keeps the rows where
 * EITHER holds a selected value (docs/cross-filters.md: equally near features), through the API: the people joined
 * with a join of the people on the manager's name (two copies of the name), and managers FULL JOIN targets on the
 * region, both keys paired with the orders' region (neither copies it). The KPI's numbers, View rows' total and sum
 * and the CSV equal the rows worked out here from the CSV text. (A summary answering such a filter:
 * packages/analytics/src/rollup.test.ts.)
 */
let w: CardsWorld;
let people: DatasetDetail;
let selfJoin: DatasetDetail;
let managers: DatasetDetail;
let targets: DatasetDetail;
let full: DatasetDetail;
beforeAll(async () => {
  w = await cardsWorld();
  people = await importCsv(w, 'people', PEOPLE);
  managers = await importCsv(w, 'managers', MANAGERS);
  targets = await importCsv(w, 'targets', TARGETS);
  // A dataset is not joined with itself; joined with a join of itself, it holds two copies of the name.
  const teamed = await joinOf('people with teams', people, 'team', await importCsv(w, 'teams', TEAMS), 'team', 'left');
  selfJoin = await joinOf('people with managers', people, 'manager', teamed, 'name', 'left');
  // The orders' region pairs with the managers' and with the targets' (one join each).
  await joinOf('orders with managers', w.sales, 'region', managers, 'region', 'left');
  await joinOf('orders with targets', w.sales, 'region', targets, 'region', 'left');
  full = await joinOf('managers and targets', managers, 'region', targets, 'region', 'full');
}, 120_000);
afterAll(() => w?.t.close());

async function joinOf(
  name: string,
  left: DatasetDetail,
  leftKey: string,
  right: DatasetDetail,
  rightKey: string,
  type: 'left' | 'full',
): Promise<DatasetDetail> {
  const res = await call(w, w.editor)('POST', '/api/v1/datasets', {
    type: 'joined',
    name,
    projectId: w.projectId,
    source: {
      join: [{ _id: left._id, type, on: [[featureId(left, leftKey), featureId(right, rightKey)]] }, { _id: right._id }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DatasetDetail;
}

/** The joined dataset's copy of `source`'s feature `name`, on its side (`r_l_`: the right side's left copy). */
const copyOf = (joined: DatasetDetail, side: 'l_' | 'r_' | 'r_l_', source: DatasetDetail, name: string) => {
  const db = source.features.find((f) => f.name === name)?.db.name;
  const copy = joined.features.find((f) => f.db.name === `${side}${db}`);
  if (!copy) throw new Error(`no copy of ${name}`);
  return copy._id;
};

const PEOPLE =
  'name,manager,team,salary\nAda,,core,100\nAlan,Ada,core,80.5\nGrace,Ada,web,90.25\nLinus,Grace,web,70\nEdsger,Linus,ops,60\n';
const TEAMS = 'team,floor\ncore,1\nweb,2\nops,3\n';
const MANAGERS = 'region,manager,budget\nNorth,Ada,1200.5\nSouth,Alan,800.25\nEast,Grace,430\nWest,Linus,99\n';
const TARGETS = 'region,target\nNorth,5000\nSouth,3000\nCentral,1000\n';

/** A CSV text's rows as records of text (an empty cell: null). */
const recordsOf = (csv: string) => {
  const [header, ...lines] = csv.trim().split('\n');
  const names = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((n, i) => [n, cells[i] === '' ? null : cells[i]]));
  });
};
type Rec = Record<string, string | null>;
/** The rows of `left` joined with `right` where `leftKey` = `rightKey`: matched pairs, then (left/full) the left
 * rows without a match, then (full) the right rows without one. */
function joined(left: Rec[], leftKey: string, right: Rec[], rightKey: string, type: 'left' | 'full') {
  const rows: Array<{ l: Rec | null; r: Rec | null }> = [];
  for (const l of left) {
    const matches = right.filter((r) => l[leftKey] !== null && r[rightKey] === l[leftKey]);
    for (const r of matches) rows.push({ l, r });
    if (!matches.length) rows.push({ l, r: null });
  }
  if (type === 'full') {
    for (const r of right) if (!left.some((l) => l[leftKey] === r[rightKey])) rows.push({ l: null, r });
  }
  return rows;
}
const sumOf = (values: Array<string | null | undefined>) => values.reduce((s, v) => s + (v ? Number(v) : 0), 0);

const dataOf = async (unitId: string, body: object) => {
  const res = await call(w, w.viewer)('POST', `/api/v1/units/${unitId}/data?tabId=${w.tabId}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = res.body as UnitData;
  expect(answer.error).toBeNull();
  return answer.data as Record<string, number | null>;
};
const rowsOf = async (unitId: string, body: object) => {
  const res = await call(w, w.viewer)('POST', `/api/v1/units/${unitId}/rows?tabId=${w.tabId}&limit=1000`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as UnitRows;
};
const csvLines = async (unitId: string, body: object) => {
  const res = await call(w, w.viewer)('POST', `/api/v1/units/${unitId}/rows/download?tabId=${w.tabId}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as string).trim().split('\n');
};
/** A KPI card of sums, one series per [id, feature id]. */
const sumsKpi = (series: Array<[string, string, DatasetDetail]>, tabId?: string) =>
  savedCard(
    w,
    'kpi',
    {
      kpi: series.map(([id, feature, dataset]) => ({
        id,
        feature: { _id: feature, dataset: { _id: dataset._id } },
        operation: 'sum',
      })),
    },
    tabId ? { tabId } : {},
  );

describe('people joined with a join of themselves: a selection on the name reaches both copies of it', () => {
  // "people with teams" has one row a person: joined on the manager, each person meets their manager's row.
  const rows = joined(recordsOf(PEOPLE), 'manager', recordsOf(PEOPLE), 'name', 'left');
  const salaryOf = () => copyOf(selfJoin, 'l_', people, 'salary');

  it("keeps the rows where the person or the manager is selected: the KPI, View rows' total and sum, the CSV", async () => {
    const kpi = await sumsKpi([['sal', salaryOf(), selfJoin]]);
    const selected = ['Grace', 'Edsger'];
    const crossFilters = [{ featureId: featureId(people, 'name'), values: selected }];
    const kept = rows.filter((r) => selected.includes(r.l?.name ?? '') || selected.includes(r.r?.name ?? ''));
    // Grace and Edsger themselves, and Linus (Grace's): 3 of the 5 rows, 220.25 (both copies: no row).
    expect(kept.map((r) => r.l?.name)).toEqual(['Grace', 'Linus', 'Edsger']);
    const expected = sumOf(kept.map((r) => r.l?.salary));
    expect(expected).toBeCloseTo(220.25, 6);
    expect((await dataOf(kpi._id, { crossFilters })).sal).toBeCloseTo(expected, 6);

    const drilled = await rowsOf(kpi._id, { crossFilters, seriesId: 'sal' });
    expect(drilled.total).toBe(kept.length);
    expect(sumOf(drilled.rows.map((r) => String(r[salaryOf()])))).toBeCloseTo(expected, 6);
    expect(await csvLines(kpi._id, { crossFilters })).toHaveLength(1 + kept.length);

    // One name: Ada herself (no manager: the left join's unmatched row), Alan and Grace (hers): 270.75.
    const ada = rows.filter((r) => r.l?.name === 'Ada' || r.r?.name === 'Ada');
    const one = [{ featureId: featureId(people, 'name'), values: ['Ada'] }];
    expect(sumOf(ada.map((r) => r.l?.salary))).toBeCloseTo(270.75, 6);
    expect((await dataOf(kpi._id, { crossFilters: one })).sal).toBeCloseTo(270.75, 6);
    expect((await rowsOf(kpi._id, { crossFilters: one, seriesId: 'sal' })).total).toBe(ada.length);
  });

  it('a selection on one copy filters its own dataset by that copy alone, and the people by the name', async () => {
    const kpi = await sumsKpi([['sal', salaryOf(), selfJoin]]);
    const onPeople = await sumsKpi([['sal', featureId(people, 'salary'), people]]);
    // Clicked: the manager's name (the right copy) is Ada: Alan and Grace, not Ada's own row.
    const crossFilters = [{ featureId: copyOf(selfJoin, 'r_l_', people, 'name'), values: ['Ada'] }];
    const reports = rows.filter((r) => r.r?.name === 'Ada');
    expect(reports.map((r) => r.l?.name)).toEqual(['Alan', 'Grace']);
    expect((await dataOf(kpi._id, { crossFilters })).sal).toBeCloseTo(sumOf(reports.map((r) => r.l?.salary)), 6);
    expect((await rowsOf(kpi._id, { crossFilters, seriesId: 'sal' })).total).toBe(2);
    expect((await dataOf(onPeople._id, { crossFilters })).sal).toBeCloseTo(100, 6);
  });
});

describe('managers FULL JOIN targets: a selection on the orders’ region reaches both keys', () => {
  const rows = joined(recordsOf(MANAGERS), 'region', recordsOf(TARGETS), 'region', 'full');
  const budgetOf = () => copyOf(full, 'l_', managers, 'budget');
  const targetOf = () => copyOf(full, 'r_', targets, 'target');
  const keptBy = (selected: string[]) =>
    rows.filter((r) => selected.includes(r.l?.region ?? '') || selected.includes(r.r?.region ?? ''));

  it('keeps the rows either side left unmatched: the KPI, View rows of each series, the CSV', async () => {
    const kpi = await sumsKpi([
      ['bud', budgetOf(), full],
      ['tgt', targetOf(), full],
    ]);
    // East has a manager and no target; Central a target and no manager: with "both", no row would be kept.
    for (const selected of [
      ['East', 'Central'],
      ['North', 'East'],
    ]) {
      const crossFilters = [{ featureId: featureId(w.sales, 'region'), values: selected }];
      const kept = keptBy(selected);
      expect(kept).toHaveLength(2);
      const budget = sumOf(kept.map((r) => r.l?.budget));
      const target = sumOf(kept.map((r) => r.r?.target));
      const answer = await dataOf(kpi._id, { crossFilters });
      expect(answer.bud).toBeCloseTo(budget, 6);
      expect(answer.tgt).toBeCloseTo(target, 6);

      const withBudget = await rowsOf(kpi._id, { crossFilters, seriesId: 'bud' });
      expect(withBudget.total).toBe(kept.filter((r) => r.l?.budget).length);
      expect(sumOf(withBudget.rows.map((r) => String(r[budgetOf()])))).toBeCloseTo(budget, 6);
      const withTarget = await rowsOf(kpi._id, { crossFilters, seriesId: 'tgt' });
      expect(withTarget.total).toBe(kept.filter((r) => r.r?.target).length);
      expect(sumOf(withTarget.rows.map((r) => String(r[targetOf()])))).toBeCloseTo(target, 6);
      expect(await csvLines(kpi._id, { crossFilters, seriesId: 'bud' })).toHaveLength(1 + withBudget.total);
    }
    // Worked out by hand from the CSV text: East (430, no target) and Central (no budget, 1000).
    expect(sumOf(keptBy(['East', 'Central']).map((r) => r.l?.budget))).toBeCloseTo(430, 6);
    expect(sumOf(keptBy(['East', 'Central']).map((r) => r.r?.target))).toBe(1000);
  });

  it('a public visitor: the selection reaches the keys the dashboard publishes, either of them', async () => {
    await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
    const dashboard = await createDashboard(w.t, w.editor, w.projectId);
    const tabId = dashboard.tabs[0];
    await savedCard(w, 'chart', sumByRegion(w.sales), { tabId });
    const kpi = await sumsKpi(
      [
        ['bud', budgetOf(), full],
        ['tgt', targetOf(), full],
      ],
      tabId,
    );
    const selected = ['East', 'Central'];
    const crossFilters = [{ featureId: featureId(w.sales, 'region'), values: selected }];
    const visitor = async () => {
      const path = `/api/v1/public/dashboards/${dashboard._id}/units/${kpi._id}/data`;
      const res = await call(w, undefined)('POST', path, { crossFilters });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as UnitData).data as Record<string, number | null>;
    };
    const keyCard = async (side: 'l_' | 'r_', source: DatasetDetail) => {
      const key = copyOf(full, side, source, 'region');
      await savedCard(
        w,
        'table',
        { table: [{ id: 'key', feature: { _id: key, dataset: { _id: full._id } } }] },
        { tabId },
      );
    };
    // No key of the full join is published: the selection does not reach it.
    expect((await visitor()).bud).toBeCloseTo(sumOf(rows.map((r) => r.l?.budget)), 6);
    // The managers' side published: its key alone filters (East).
    await keyCard('l_', managers);
    const managersSide = rows.filter((r) => selected.includes(r.l?.region ?? ''));
    expect((await visitor()).bud).toBeCloseTo(sumOf(managersSide.map((r) => r.l?.budget)), 6);
    // Both published: either holds it (East and Central).
    await keyCard('r_', targets);
    const both = await visitor();
    expect(both.bud).toBeCloseTo(sumOf(keptBy(selected).map((r) => r.l?.budget)), 6);
    expect(both.tgt).toBeCloseTo(sumOf(keptBy(selected).map((r) => r.r?.target)), 6);
  });
});
