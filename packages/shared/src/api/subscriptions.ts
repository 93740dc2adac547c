import { z } from 'zod';
import {
  subscriptionBodySchema,
  subscriptionSchema,
  subscriptionUpdateSchema,
  unsubscribedSchema,
} from '../dashboards/subscriptions.ts';
import { PUBLIC, projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';

/**
 * Email subscriptions to a data app (docs/data-apps.md "Subscriptions"). Dashboard view is needed for all; a viewer
 * subscribes only themselves and manages only the subscriptions they made for themselves, an editor manages every
 * subscription of the data app. Another organization's data app or subscription answers 404.
 */
const view = { area: 'dashboard', level: 'view' } as const;

/** A data app's subscriptions, oldest first: every one for an editor, a viewer's own for a viewer. */
export const listSubscriptions = endpoint({
  method: 'GET',
  path: '/api/v1/subscriptions',
  access: projectRule(view, 'dashboard', 'query', 'dashboardId'),
  query: z.object({ dashboardId: id }).strict(),
  response: z.array(subscriptionSchema),
});

export const createSubscription = endpoint({
  method: 'POST',
  path: '/api/v1/subscriptions',
  access: projectRule(view, 'dashboard', 'body', 'dashboardId'),
  body: subscriptionBodySchema,
  response: subscriptionSchema,
});

export const updateSubscription = endpoint({
  method: 'PUT',
  path: '/api/v1/subscriptions/:id',
  access: projectRule(view, 'subscription'),
  params: idParams,
  body: subscriptionUpdateSchema,
  response: subscriptionSchema,
});

export const deleteSubscription = endpoint({
  method: 'DELETE',
  path: '/api/v1/subscriptions/:id',
  access: projectRule(view, 'subscription'),
  params: idParams,
  response: ok,
});

/**
 * The link in each mail: takes its recipient off the subscription without signing in. A browser (Accept: text/html)
 * gets a small page saying so in its language; another client the JSON. Using it again answers the same.
 */
export const unsubscribe = endpoint({
  method: 'GET',
  path: '/api/v1/subscriptions/unsubscribe/:token',
  access: PUBLIC,
  params: z.object({ token: z.string().min(1).max(2000) }),
  response: unsubscribedSchema,
  raw: true,
});
