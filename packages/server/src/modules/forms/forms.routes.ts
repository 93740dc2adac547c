import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { responsesFlusherOf } from './forms.jobs.ts';
import { FormsService } from './forms.service.ts';
import { ResponsesService } from './responses.service.ts';

/** Forms and their public page's two routes (issue 18). */
export async function formsRoutes(app: FastifyInstance) {
  const flusher = responsesFlusherOf(app);
  const forms = new FormsService({ db: app.ctx.db, realtime: realtimeOf(app) }, flusher);
  const responses = new ResponsesService(app.ctx, flusher);

  route(app, api.listForms, ({ query }) => forms.list(query.projectId));
  route(app, api.createForm, ({ auth, body }) => forms.create(auth.user.id, body));
  route(app, api.getForm, ({ params }) => forms.show(params.id));
  route(app, api.updateForm, ({ params, body }) => forms.update(params.id, body));
  route(app, api.deleteForm, async ({ params }) => {
    await forms.delete(params.id);
    return { ok: true as const };
  });
  route(app, api.duplicateForm, ({ auth, params }) => forms.duplicate(auth.user.id, params.id));
  route(app, api.publishForm, ({ auth, params }) => forms.publish(auth.user.id, params.id));
  route(app, api.createFormElement, ({ params, body }) => forms.addElement(params.id, body.element, body.position));
  route(app, api.updateFormElement, ({ params, body }) =>
    forms.updateElement(params.id, params.elementId, body.config),
  );
  route(app, api.deleteFormElement, async ({ params }) => {
    await forms.deleteElement(params.id, params.elementId);
    return { ok: true as const };
  });

  route(app, api.getPublicForm, ({ params }) => responses.publicForm(params.id));
  route(app, api.submitFormResponse, async ({ params, body, request, reply }) => {
    const created = await responses.submit(params.id, request.ip, body.answers);
    return reply.code(201).send(created);
  });
}
