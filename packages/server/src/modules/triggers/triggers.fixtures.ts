import type { Model, Package, Trigger, TriggerPattern } from '@tessera/shared';
import { expect } from 'vitest';
import { caller, type DatasetsWorld } from '../datasets/datasets.fixtures.ts';
import { createModel } from '../models/models.fixtures.ts';
import { uploadPackage, waitForBuild } from '../packages/packages.fixtures.ts';

/** A pure-Python function (no requirements: a quick build and a quick run). */
export const PING_PACKAGE = {
  'requirements.txt': '',
  'ping.py': 'def ping(n: int = 1) -> dict:\n    return {"n": n, "square": n * n}\n',
};

export async function pingModel(w: DatasetsWorld): Promise<{ pkg: Package; model: Model }> {
  const res = await uploadPackage(w, w.editor, 'Ping', '3.11', PING_PACKAGE);
  expect(res.statusCode, res.body).toBe(200);
  const pkg = await waitForBuild(w, res.json()._id, 120_000);
  expect(pkg.status, pkg.errorLog).toBe('built');
  const model = await createModel(w, pkg, 'ping');
  const confirmed = await caller(w, w.editor)('POST', `/api/v1/models/${model._id}/confirm`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { pkg, model: confirmed.json() };
}

/** Every `minutes` minutes all day from `startDate` (UTC), for a year. */
export function everyMinutes(startDate: string, minutes = 1, timezone = 'UTC'): TriggerPattern {
  const end = `${Number(startDate.slice(0, 4)) + 1}${startDate.slice(4)}`;
  return {
    timezone,
    start: {
      effective_startdate: startDate,
      scheduled_starttime: '00:00:00',
      scheduled_endtime: '23:59:00',
      until_datetime: `${end}T23:59:59`,
    },
    repeat: { unit: 'minutes', value: minutes },
    filter: { day_of_the_week: [], day_of_the_month: [] },
  };
}

export async function createTrigger(
  w: DatasetsWorld,
  model: Model,
  pattern: TriggerPattern,
  change: Record<string, unknown> = {},
): Promise<Trigger> {
  const res = await caller(w, w.editor)('POST', '/api/v1/triggers', {
    name: 'Refresh',
    description: 'Every so often',
    modelId: model._id,
    projectId: model.projectId,
    inputs: [{ varName: 'n', value: 7 }],
    pattern,
    ...change,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
