import { z } from 'zod';
import { exportRequestSchema } from '../dashboards/exports.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams } from '../http/ids.ts';

/**
 * Exports (docs/data-apps.md "Export"): whoever may view a data app may export it; the job and its file are the
 * requester's own (another person's export answers 404, as another organization's data app does).
 */
const view = { area: 'dashboard', level: 'view' } as const;

/** Starts the export job: a PDF of the tabs, or a PNG of one tab or one card. */
export const exportDashboard = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/export',
  access: projectRule(view, 'dashboard'),
  params: idParams,
  body: exportRequestSchema,
  response: z.object({ _id: id }),
});

/**
 * The export: while its job runs (or when it failed), the job as JSON (status, progress 0..1, message); once
 * completed, the file itself (`application/pdf` or `image/png`, as an attachment).
 */
export const getExport = endpoint({
  method: 'GET',
  path: '/api/v1/exports/:id',
  access: projectRule(view, 'export'),
  params: idParams,
  response: z.unknown(),
  raw: true,
});
