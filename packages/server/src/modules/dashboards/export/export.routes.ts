import { api } from '@tessera/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { jobs } from '../../../platform/jobs/jobs.tables.ts';
import { mailLanguage } from '../../../platform/mailLanguage.ts';
import { route } from '../../../platform/routes.ts';
import { exportServiceOf } from '../render.jobs.ts';

/** Exports of data apps: start one, then read its state and at last its file (docs/data-apps.md "Export"). */
export async function exportRoutes(app: FastifyInstance) {
  const exports = exportServiceOf(app);
  // The language the person chose in Tessera (the web app sends it), in which the file is written.
  route(app, api.exportDashboard, ({ auth, params, body, request }) =>
    exports.request(params.id, auth.user.id, body, mailLanguage(request.headers['accept-language'])),
  );
  route(app, api.getExport, async ({ auth, params, reply }) => {
    const answer = await exports.read(params.id, auth.user.id);
    if (answer.kind === 'job') return reply.header('cache-control', 'no-store').send(answer.job);
    return reply
      .type(answer.type)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(answer.name)}`)
      .send(answer.bytes);
  });
}

/** An export's project (its job's), for the access rule of `GET exports/:id`; other jobs are no exports. */
export async function projectOfExport(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ projectId: jobs.projectId })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.type, 'dashboardExport')));
  return row?.projectId;
}
