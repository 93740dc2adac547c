import { ASSISTANT, api, type ChatAnswer, type ChatStreamEvent, meetsLevel } from '@tessera/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpErrorBody, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/routes.ts';
import { type Card, unitDataServiceOf } from '../dashboards/index.ts';
import { openImage } from './assistant.images.ts';
import { userKeyOf } from './assistant.llm.ts';
import { AssistantService } from './assistant.service.ts';

/** Mobi, the chat assistant (issue 19): every route needs model view on the project. */
export async function assistantRoutes(app: FastifyInstance) {
  const { config, counters, db, storage } = app.ctx;
  const assistant = new AssistantService({ config, counters, db, storage, log: app.log });
  const data = unitDataServiceOf(app);
  const userKey = (request: FastifyRequest) => userKeyOf(request.headers[ASSISTANT.userKeyHeader]);

  route(app, api.getAssistant, ({ request }) => assistant.status(userKey(request)));

  route(app, api.chat, async ({ params, body, auth, request, reply }) => {
    const left = new AbortController();
    request.raw.on('close', () => left.abort());
    reply.raw.on('close', () => left.abort());
    const events = await assistant.chat({
      projectId: params.projectId,
      userId: auth.user.id,
      canSeeDatasets: meetsLevel(request.project!.roles.dataset, 'view'),
      messages: body.messages,
      userKey: userKey(request),
      signal: left.signal,
    });
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
      const answer: ChatAnswer = { text: '' };
      for await (const event of events) {
        if (event.type === 'error') throw event.error;
        if (event.type === 'delta') answer.text += event.text;
        if (event.type === 'card') answer.card = event.card;
      }
      return reply.type('application/json').send(answer);
    }
    // Streamed: one JSON event per `data:` line, as the service's words arrive; a failure as the error of a JSON
    // answer (its code and params, by which the web translates it).
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
    });
    const send = (event: ChatStreamEvent) => reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
    for await (const event of events) {
      if (reply.raw.destroyed) break;
      send(event.type === 'error' ? { type: 'error', error: httpErrorBody(event.error).error } : event);
    }
    reply.raw.end();
    return reply;
  });

  route(app, api.generateImage, ({ params, body, auth, request }) =>
    assistant.image(params.projectId, auth.user.id, body.prompt, userKey(request)),
  );

  route(app, api.getAssistantImage, async ({ params, reply }) => {
    const image = await openImage(app.ctx.storage, params.projectId, params.imageId);
    if (!image) throw notFound();
    return reply.type(image.type).header('cache-control', 'private, max-age=31536000, immutable').send(image.stream);
  });

  // A proposed card drawn before it is added anywhere: the mapping editor's temporary data, in this project.
  route(app, api.getProposedCardData, async ({ params, body, request }) => {
    const card: Card = {
      id: `proposal-${params.projectId}`,
      name: '',
      tabId: '',
      dashboardId: '',
      dashboardVersion: 0,
      projectId: params.projectId,
      dataVersion: request.project!.dataVersion,
      type: body.type,
      subtype: null,
      vis: body.vis,
      savedFilters: [],
    };
    return (await data.compute(card, {}, { strict: true })).answer;
  });
}
