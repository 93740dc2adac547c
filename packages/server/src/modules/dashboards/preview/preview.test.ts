import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PREVIEW, PREVIEW_READY_ATTRIBUTE, type PreviewState, SERVER_ERRORS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caller, createDashboard, type World, world } from '../dashboards.fixtures.ts';
import { dashboardPreviewTokens, dashboards } from '../dashboards.tables.ts';
import { RENDER_ERRORS } from './preview.render.ts';
import { FORCED_PREVIEW_LIMIT, previewPagePath } from './preview.service.ts';

const PREVIEW_RATE_LIMITED = SERVER_ERRORS['dashboard.previewRateLimited'];

/**
 * Preview images end to end: the job opens the preview route in headless Chromium on the server's own address
 * with a one-time token, and stores the PNG. The web app's preview page is the web part; here a minimal page
 * stands in for it, written to a WEB_DIST of the test's own: it reads the dashboard through the public family
 * with the token from its URL (so a render succeeds only if the token opens that dashboard) and marks itself
 * ready. Without WEB_DIST, the job must fail cleanly with a message.
 */
const STAND_IN_SCRIPT = `
const params = new URLSearchParams(location.search);
const id = location.pathname.split('/dashboards/')[1].replace(/^report\\//, '').split('/')[0];
fetch('/api/v1/public/dashboards/' + id + '?previewToken=' + encodeURIComponent(params.get('previewToken') || ''))
  .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
  .then((detail) => {
    const title = document.createElement('h1');
    title.textContent = detail.dashboard.name + ' (' + detail.tabs.length + ' tabs)';
    document.body.append(title);
    document.body.setAttribute('${PREVIEW_READY_ATTRIBUTE}', 'true');
  })
  .catch((err) => { document.body.textContent = 'failed ' + err.message; });
`;

function standInWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>preview</title></head><body><script src="/stand-in.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'stand-in.js'), STAND_IN_SCRIPT);
  return dir;
}

async function listening(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ ROLE: 'all', JOBS_POLLING_SECONDS: '0.5', ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

/** Polls the preview state as the list card does, until it leaves `pending`. */
async function settled(t: TestApp, w: World, id: string, timeoutMs = 60_000): Promise<PreviewState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await caller(t, w.viewer)('GET', `/api/v1/dashboards/${id}/preview`);
    expect(status).toBe(200);
    if (body.status !== 'pending') return body as PreviewState;
    if (Date.now() > deadline) throw new Error('the preview stayed pending');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('preview images, rendered by a job', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await listening({ WEB_DIST: standInWebApp() });
    w = await world(t);
  });
  afterAll(() => t?.close());

  it('creation queues a render; the image is a PNG 1180 wide, served to those who may view the dashboard', async () => {
    const d = await createDashboard(t, w.editor, w.projectId, { name: 'Pictured' });
    expect(d.preview).toEqual({ url: null, status: 'pending' });
    const state = await settled(t, w, d._id);
    expect(state.status).toBe('ready');
    expect(state.url).toMatch(new RegExp(`^/api/v1/dashboards/${d._id}/preview\\.png\\?v=\\d+$`));

    const image = await caller(t, w.viewer)('GET', state.url!);
    expect(image.status).toBe(200);
    expect(image.res.headers['content-type']).toBe('image/png');
    expect(pngSize(image.res.rawPayload)).toMatchObject({ width: PREVIEW.width });
    expect((await caller(t, w.outsider)('GET', state.url!)).status).toBe(404);
    expect((await caller(t, w.hidden)('GET', state.url!)).status).toBe(403);
    expect((await caller(t, undefined)('GET', state.url!)).status).toBe(401);
    // A private project's image is not on the public family.
    expect((await caller(t, undefined)('GET', `/api/v1/public/dashboards/${d._id}/preview.png`)).status).toBe(404);
    // The render's token is gone once it is done.
    expect(await t.database.db.select().from(dashboardPreviewTokens)).toEqual([]);
    // The job is on record, finished.
    const [job] = await t.app.ctx.jobs.listForOwner('dashboard', d._id);
    expect(job).toMatchObject({ type: 'dashboardPreview', status: 'completed' });
  });

  it('Update Dashboard Preview renders again (edit only); the url changes', async () => {
    const d = await createDashboard(t, w.editor, w.projectId, { type: 'Report' });
    const first = await settled(t, w, d._id);
    expect(first.status).toBe('ready');
    expect((await caller(t, w.viewer)('POST', `/api/v1/dashboards/${d._id}/preview`)).status).toBe(403);
    const asked = await caller(t, w.editor)('POST', `/api/v1/dashboards/${d._id}/preview`);
    expect(asked.status).toBe(200);
    // The last image stays shown while the new one renders.
    expect(asked.body).toEqual({ url: first.url, status: 'pending' });
    const second = await settled(t, w, d._id);
    expect(second.status).toBe('ready');
    expect(second.url).not.toBe(first.url);
  });

  it('a dashboard of a public project shows its image on the public family too', async () => {
    const open = await world(t, { public: true });
    const d = await createDashboard(t, open.editor, open.projectId);
    expect((await settled(t, open, d._id)).status).toBe('ready');
    const image = await caller(t, undefined)('GET', `/api/v1/public/dashboards/${d._id}/preview.png`);
    expect(image.status).toBe(200);
    expect(pngSize(image.res.rawPayload).width).toBe(PREVIEW.width);
  });

  it('asking for the image of a dashboard that never had one, or whose render was lost, queues one', async () => {
    const d = await createDashboard(t, w.editor, w.projectId);
    await settled(t, w, d._id);
    const db = t.database.db;
    await db.update(dashboards).set({ previewStatus: 'new', previewRenderedAt: null }).where(eq(dashboards.id, d._id));
    const asked = await caller(t, w.viewer)('GET', `/api/v1/dashboards/${d._id}/preview`);
    expect(asked.body).toEqual({ url: null, status: 'pending' });
    expect((await settled(t, w, d._id)).status).toBe('ready');

    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    await db
      .update(dashboards)
      .set({ previewStatus: 'pending', previewRequestedAt: longAgo })
      .where(eq(dashboards.id, d._id));
    await caller(t, w.viewer)('GET', `/api/v1/dashboards/${d._id}/preview`);
    const [row] = await db.select().from(dashboards).where(eq(dashboards.id, d._id));
    expect(row.previewRequestedAt!.getTime()).toBeGreaterThan(longAgo.getTime());
    expect((await settled(t, w, d._id)).status).toBe('ready');
  });

  it('the preview page path is the data app route under /preview', () => {
    const base = { id: 'd'.repeat(24), projectId: 'p'.repeat(24), tabIds: ['t'.repeat(24)] };
    expect(previewPagePath({ ...base, type: 'Dashboard' })).toBe(
      `/preview/projects/${base.projectId}/dashboards/${base.id}/tabs/${base.tabIds[0]}`,
    );
    expect(previewPagePath({ ...base, type: 'Report' })).toBe(
      `/preview/projects/${base.projectId}/dashboards/report/${base.id}/tabs/${base.tabIds[0]}`,
    );
    expect(previewPagePath({ ...base, type: 'Dashboard', tabIds: [] })).toBe(
      `/preview/projects/${base.projectId}/dashboards/${base.id}`,
    );
  });
});

describe('preview images without the web app', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await listening({});
    w = await world(t);
  });
  afterAll(() => t?.close());

  it('the render job fails cleanly with a message; requests were never held', async () => {
    const started = Date.now();
    const d = await createDashboard(t, w.editor, w.projectId);
    expect(Date.now() - started).toBeLessThan(5_000);
    const state = await settled(t, w, d._id);
    expect(state).toEqual({ url: null, status: 'failed' });
    const [row] = await t.database.db.select().from(dashboards).where(eq(dashboards.id, d._id));
    expect(row.previewError).toBe(RENDER_ERRORS.noWebApp);
    // The job's own end is recorded just after the dashboard's (a loaded machine shows the gap).
    await expect
      .poll(async () => (await t.app.ctx.jobs.listForOwner('dashboard', d._id))[0], { timeout: 10_000 })
      .toMatchObject({ status: 'failed', message: RENDER_ERRORS.noWebApp });
    expect(await t.database.db.select().from(dashboardPreviewTokens)).toEqual([]);
    // A failed render stays failed (the list stops asking) until Update Dashboard Preview.
    expect((await caller(t, w.viewer)('GET', `/api/v1/dashboards/${d._id}/preview`)).body.status).toBe('failed');
    expect((await caller(t, w.viewer)('GET', `/api/v1/dashboards/${d._id}/preview.png`)).status).toBe(404);
  });

  it('forced renders are bounded per dashboard and per user, counted atomically', async () => {
    const { perDashboard, perUser } = FORCED_PREVIEW_LIMIT;
    const force = (dashboardId: string) => caller(t, w.editor)('POST', `/api/v1/dashboards/${dashboardId}/preview`);
    const statuses = async (dashboardId: string, n: number) =>
      (await Promise.all(Array.from({ length: n }, () => force(dashboardId)))).map((r) => r.status);
    const first = await createDashboard(t, w.editor, w.projectId);
    const many = await statuses(first._id, 30);
    expect(many.filter((s) => s === 200)).toHaveLength(perDashboard);
    expect(many.filter((s) => s === 429)).toHaveLength(30 - perDashboard);
    const refused = await force(first._id);
    expect(refused.body).toEqual({
      error: { code: 'rate-limited', message: PREVIEW_RATE_LIMITED, reason: 'dashboard.previewRateLimited' },
    });
    // Over several dashboards, the user's own bound stops them.
    let accepted = perDashboard;
    while (accepted < perUser) {
      const next = await createDashboard(t, w.editor, w.projectId);
      const room = perUser - accepted;
      const answers = await statuses(next._id, perDashboard);
      accepted += answers.filter((s) => s === 200).length;
      expect(answers.filter((s) => s === 200)).toHaveLength(Math.min(room, perDashboard));
      if (accepted >= perUser) {
        expect((await force(next._id)).status).toBe(429);
      }
    }
    // Asking for the state (not forcing) is never refused.
    expect((await caller(t, w.editor)('GET', `/api/v1/dashboards/${first._id}/preview`)).status).toBe(200);
  });
});
