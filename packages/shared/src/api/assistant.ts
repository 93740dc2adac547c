import { z } from 'zod';
import { ASSISTANT, ASSISTANT_MODES } from '../assistant/constants.ts';
import { proposedCardSchema } from '../assistant/proposal.ts';
import { unitDataSchema } from '../dashboards/unitData.ts';
import { visSchema } from '../dashboards/vis.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import type { ErrorBody } from '../http/errors.ts';
import { id } from '../http/ids.ts';

/**
 * Mobi, the chat assistant (issue 19). The page never speaks to the
 * service itself: our server does, with its own key (or the user's, sent in the `x-llm-key` header and kept only
 * in their browser). Every route needs model view on the project.
 */

const MODEL_VIEW = { area: 'model', level: 'view' } as const;
const projectParams = z.object({ projectId: id });
const access = projectRule(MODEL_VIEW, 'project', 'params', 'projectId');

export const assistantStatusSchema = z.object({
  /** A key is available (the server's, or the caller's own) and the service answered the key check. */
  configured: z.boolean(),
  /** The modes the service offers (those whose model the key check listed). */
  modes: z.array(z.enum(ASSISTANT_MODES)),
  /** The models the key check listed. */
  models: z.array(z.string()),
  /** Whose key is used: the server's, the caller's own, or none. */
  keySource: z.enum(['server', 'user', 'none']),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

export const getAssistant = endpoint({
  method: 'GET',
  path: '/api/v1/projects/:projectId/assistant',
  access,
  params: projectParams,
  response: assistantStatusSchema,
});

export const chatMessageSchema = z
  .object({ text: z.string().min(1, 'Required').max(ASSISTANT.messageMaxChars), ai: z.boolean() })
  .strict();
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

export const chatAnswerSchema = z.object({ text: z.string(), card: proposedCardSchema.optional() });
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/**
 * One answer of the conversation, the last message being the user's question. As JSON `{text, card?}`, or with
 * `Accept: text/event-stream` as server-sent events (`ChatStreamEvent`, one JSON object per `data:` line).
 */
export const chat = endpoint({
  method: 'POST',
  path: '/api/v1/projects/:projectId/assistant/chat',
  access,
  params: projectParams,
  body: z
    .object({
      mode: z.literal('GPT4'),
      messages: z
        .array(chatMessageSchema)
        .min(1, 'Required')
        .max(ASSISTANT.messagesMax)
        .refine((m) => m.length > 0 && !m[m.length - 1].ai, 'The last message must be the question'),
    })
    .strict(),
  response: chatAnswerSchema,
  raw: true,
});

/**
 * The events of a streamed answer. A failure's `error` is what a JSON error answer's `error` is (its `reason` and
 * `params` by which the web translates it), the service's own words having no `reason`.
 */
export type ChatStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'card'; card: z.infer<typeof proposedCardSchema> }
  | { type: 'done'; text: string }
  | { type: 'error'; error: ErrorBody['error'] };

/** One 512x512 image, stored under the project and served with the member's access (`getAssistantImage`). */
export const generateImage = endpoint({
  method: 'POST',
  path: '/api/v1/projects/:projectId/assistant/image',
  access,
  params: projectParams,
  body: z.object({ prompt: z.string().trim().min(1, 'Required').max(ASSISTANT.promptMaxChars) }).strict(),
  response: z.object({ url: z.string() }),
});

export const getAssistantImage = endpoint({
  method: 'GET',
  path: '/api/v1/projects/:projectId/assistant/images/:imageId',
  access,
  params: z.object({ projectId: id, imageId: z.string().regex(/^[0-9a-f]{24}$/) }),
  response: z.unknown(),
  raw: true,
});

/**
 * A proposed card's data (drawn inline in the conversation before it is added anywhere): the same computation as
 * the mapping editor's temporary data (`getTemporaryUnitData`), within this project, for a caller who may read
 * its datasets (dataset view).
 */
export const getProposedCardData = endpoint({
  method: 'POST',
  path: '/api/v1/projects/:projectId/assistant/card-data',
  access: projectRule({ area: 'dataset', level: 'view' }, 'project', 'params', 'projectId'),
  params: projectParams,
  body: z.object({ type: z.literal('chart'), vis: visSchema }).strict(),
  response: unitDataSchema,
});
