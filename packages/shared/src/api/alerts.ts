import { z } from 'zod';
import { alertBodySchema, alertFiringSchema, alertSchema, alertUpdateSchema } from '../dashboards/alerts.ts';
import { projectAction } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';

/**
 * Threshold alerts on cards (docs/data-apps.md "Alerts"): a member who may view the project's dashboards sets
 * alerts for themselves (they are the recipient) and sees, changes and deletes only their own; another member's
 * alert answers 404, as another tenant's does.
 */

/** The caller's alerts in the project, newest first. */
export const listAlerts = endpoint({
  method: 'GET',
  path: '/api/v1/alerts',
  access: projectAction('dashboard:view', 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  response: z.array(alertSchema),
});

/** An alert on a KPI value or a chart series of the card `unitId` shown on `tabId`; checked at once. */
export const createAlert = endpoint({
  method: 'POST',
  path: '/api/v1/alerts',
  access: projectAction('dashboard:view', 'unit', 'body', 'unitId'),
  body: alertBodySchema,
  response: alertSchema,
});

export const updateAlert = endpoint({
  method: 'PUT',
  path: '/api/v1/alerts/:id',
  access: projectAction('dashboard:view', 'alert'),
  params: idParams,
  body: alertUpdateSchema,
  response: alertSchema,
});

export const deleteAlert = endpoint({
  method: 'DELETE',
  path: '/api/v1/alerts/:id',
  access: projectAction('dashboard:view', 'alert'),
  params: idParams,
  response: ok,
});

/** The alert's firings, newest first (at most 200). */
export const listAlertFirings = endpoint({
  method: 'GET',
  path: '/api/v1/alerts/:id/firings',
  access: projectAction('dashboard:view', 'alert'),
  params: idParams,
  response: z.array(alertFiringSchema),
});
