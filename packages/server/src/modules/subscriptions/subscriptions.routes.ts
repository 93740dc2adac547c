import { api } from '@tessera/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { mailLanguage } from '../../platform/mailLanguage.ts';
import { route } from '../../platform/routes.ts';
import { unsubscribePage } from './subscriptions.mail.ts';
import { type Caller, SubscriptionsService } from './subscriptions.service.ts';
import { unsubscribeByToken } from './subscriptions.unsubscribe.ts';

const callerOf = (request: FastifyRequest, userId: string): Caller => ({
  userId,
  roles: request.project?.roles ?? ({} as Caller['roles']),
});

/** Email subscriptions to data apps, and the unsubscribe link's page. */
export async function subscriptionsRoutes(app: FastifyInstance) {
  const service = new SubscriptionsService(app.ctx);

  route(app, api.listSubscriptions, ({ auth, query, request }) =>
    service.list(query.dashboardId, callerOf(request, auth.user.id)),
  );
  route(app, api.createSubscription, ({ auth, body, request }) =>
    service.create(callerOf(request, auth.user.id), body),
  );
  route(app, api.updateSubscription, ({ auth, params, body, request }) =>
    service.update(params.id, callerOf(request, auth.user.id), body),
  );
  route(app, api.deleteSubscription, async ({ auth, params, request }) => {
    await service.delete(params.id, callerOf(request, auth.user.id));
    return { ok: true as const };
  });
  route(app, api.unsubscribe, async ({ params, request, reply }) => {
    const outcome = await unsubscribeByToken({ db: app.ctx.db, log: app.log }, params.token);
    const wantsPage = String(request.headers.accept ?? '').includes('text/html');
    const language = (outcome.ok && outcome.language) || mailLanguage(request.headers['accept-language']);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (wantsPage) {
      return reply
        .status(outcome.ok ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(language, outcome));
    }
    if (!outcome.ok) throw notFound('subscription.badToken');
    return reply.send({ dashboardName: outcome.dashboardName, email: outcome.email });
  });
}
