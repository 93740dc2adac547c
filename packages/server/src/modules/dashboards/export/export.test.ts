import { EXPORT_ERRORS, EXPORT_PARAMS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { addTab, addUnit, caller, createDashboard, type World, world } from '../dashboards.fixtures.ts';
import { type ExportJobData, exportPagePath } from './export.service.ts';

/**
 * The export API (docs/data-apps.md "Export"): what is asked is checked against the data app, the job and its
 * file are the requester's own, another organization's data app is a 404. The API process runs no job here
 * (ROLE=api): the export stays queued and its state is read as JSON. The files themselves are made and read back
 * in e2e/exports.e2e.test.ts, with the real web app and Chromium.
 */
describe('data app exports: the API', () => {
  let t: TestApp;
  let w: World;
  let dashboardId = '';
  let tabs: string[] = [];
  let unitId = '';
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
    w = await world(t);
    const d = await createDashboard(t, w.editor, w.projectId, { name: 'Quarterly' });
    dashboardId = d._id;
    const second = await addTab(t, w.editor, dashboardId, 'Second');
    tabs = [d.tabs[0] as string, second._id];
    unitId = (await addUnit(t, w.editor, second._id)).unit._id;
  });
  afterAll(() => t?.close());

  /** A cross-filter as the page keeps it, from card `unitId`. */
  const cross = (unitId: string) => ({
    unitId,
    card: 'Rain by month',
    feature: 'weather',
    labels: ['rain'],
    filter: { featureId: '0123456789abcdef01234567', values: ['rain'] },
  });

  const exportAs = (who: World['viewer'], body: object, id = dashboardId) =>
    caller(t, who)('POST', `/api/v1/dashboards/${id}/export`, body);

  it('a viewer starts a PDF of the chosen tabs and reads its job as JSON while it is queued', async () => {
    const started = await exportAs(w.viewer, { format: 'pdf', tabs: [tabs[1]], paper: 'letter' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const jobId = (started.body as { _id: string })._id;
    const state = await caller(t, w.viewer)('GET', `/api/v1/exports/${jobId}`);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ _id: jobId, type: 'dashboardExport', status: 'queued', ownerId: dashboardId });
  });

  it('another person of the project, and another organization, get a 404 for the export', async () => {
    const jobId = ((await exportAs(w.viewer, { format: 'pdf' })).body as { _id: string })._id;
    expect((await caller(t, w.editor)('GET', `/api/v1/exports/${jobId}`)).status).toBe(404);
    expect((await caller(t, w.outsider)('GET', `/api/v1/exports/${jobId}`)).status).toBe(404);
    expect((await exportAs(w.outsider, { format: 'pdf' })).status).toBe(404);
    expect((await exportAs(w.hidden, { format: 'pdf' })).status).not.toBe(200);
  });

  it("takes the page's cross-filters from cards of the data app, and gives them to the export page", async () => {
    const started = await exportAs(w.viewer, { format: 'pdf', crossFilters: [cross(unitId)] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const data: ExportJobData = {
      dashboardId,
      format: 'pdf',
      paper: 'a4',
      orientation: 'portrait',
      tabs,
      unitId: null,
      filters: null,
      crossFilters: [cross(unitId)],
      language: 'en',
      at: new Date().toISOString(),
    };
    const page = new URL(exportPagePath(w.projectId, dashboardId, data, 'token'), 'http://tessera.test');
    expect(JSON.parse(page.searchParams.get(EXPORT_PARAMS.cross) ?? '')).toEqual([cross(unitId)]);
    const tooMany = await exportAs(w.viewer, {
      format: 'pdf',
      crossFilters: Array.from({ length: 21 }, () => cross(unitId)),
    });
    expect(tooMany.status).toBe(400);
  });

  it('a job that is no export is no export (404)', async () => {
    const preview = await caller(t, w.editor)('GET', `/api/v1/dashboards/${dashboardId}/preview`);
    expect(preview.status).toBe(200);
    const jobs = await t.app.ctx.jobs.listForOwner('dashboard', dashboardId);
    const other = jobs.find((job) => job.type !== 'dashboardExport');
    expect(other).toBeDefined();
    expect((await caller(t, w.editor)('GET', `/api/v1/exports/${other?.id}`)).status).toBe(404);
  });

  it.each([
    [{ format: 'doc' }, undefined],
    [{ format: 'pdf', paper: 'a3' }, undefined],
    [{ format: 'pdf', orientation: 'sideways' }, undefined],
    [{ format: 'pdf', tabs: [] }, undefined],
    [{ format: 'pdf', extra: 1 }, undefined],
    [{ format: 'pdf', tabs: ['0123456789abcdef01234567'] }, EXPORT_ERRORS.unknownTab],
    [{ format: 'pdf', filters: { tabs: { '0123456789abcdef01234567': [] } } }, EXPORT_ERRORS.unknownTab],
    [{ format: 'pdf', unitId: 'UNIT' }, EXPORT_ERRORS.pdfNoUnit],
    [{ format: 'png' }, EXPORT_ERRORS.pngOneTab],
    [{ format: 'png', tabs: 'BOTH' }, EXPORT_ERRORS.pngOneTab],
    [{ format: 'png', unitId: '0123456789abcdef01234567' }, EXPORT_ERRORS.unknownUnit],
    [{ format: 'pdf', crossFilters: [cross('0123456789abcdef01234567')] }, EXPORT_ERRORS.unknownCrossFilterCard],
    [{ format: 'pdf', crossFilters: [{ ...cross('UNIT'), filter: { featureId: 'x' } }] }, undefined],
  ])('refuses %j with a 400 and queues nothing', async (body, message) => {
    const filled = JSON.parse(
      JSON.stringify(body).replace('"UNIT"', JSON.stringify(unitId)).replace('"BOTH"', JSON.stringify(tabs)),
    );
    const before = (await t.app.ctx.jobs.listForOwner('dashboard', dashboardId)).length;
    const { status, body: answer } = await exportAs(w.viewer, filled);
    expect(status).toBe(400);
    if (message) expect((answer as { error: { message: string } }).error.message).toBe(message);
    expect((await t.app.ctx.jobs.listForOwner('dashboard', dashboardId)).length).toBe(before);
  });

  it('a PNG of one card or of one tab is accepted', async () => {
    expect((await exportAs(w.viewer, { format: 'png', unitId })).status).toBe(200);
    expect((await exportAs(w.viewer, { format: 'png', tabs: [tabs[0]], orientation: 'landscape' })).status).toBe(200);
  });
});
