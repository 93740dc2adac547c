import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  isServerErrorCode,
  type SchemaIssue,
  type ServerErrorCode,
  type ServerMessage,
  schemaIssueCode,
  serverMessageCode,
  serverMessageText,
} from '@tessera/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { WebPages } from './web.ts';

/**
 * Text that no code of ours wrote, passed on as it is: the language-model service's own words, Fastify's and zod's
 * own messages. It has no code of the shared list (the web shows it as sent). Everything of ours is thrown by code,
 * the analytics errors and the shared rules' messages included (docs/architecture.md, "Errors").
 */
export class HandedText {
  constructor(readonly text: string) {}
}
export const handedText = (text: string) => new HandedText(text);

/** A schema issue's message: its code when it has one (`schemaIssueCode`), else its text as it is. */
export const issueMessage = (issue: SchemaIssue & { message: string }): ErrorMessage =>
  schemaIssueCode(issue) ?? handedText(issue.message);

/** What an error says: a message of the shared list (SERVER_ERRORS) by its code, or text handed over. */
export type ErrorMessage = ServerMessage | HandedText;

type MessageParams = NonNullable<ErrorBody['error']['params']>;

function resolved(message: ErrorMessage): {
  text: string;
  code: ServerErrorCode | undefined;
  params: MessageParams | undefined;
} {
  if (message instanceof HandedText) return { text: message.text, code: undefined, params: undefined };
  const code = serverMessageCode(message);
  if (!isServerErrorCode(code)) throw new TypeError(`Not a code of the shared list (SERVER_ERRORS): ${code}`);
  return { text: serverMessageText(message), code, params: typeof message === 'string' ? undefined : message.params };
}

/**
 * An error the client is meant to see, thrown by code (`throw new HttpError('conflict', 'dataset.usedByJoin')`): its
 * status follows from the kind, its English text from the code. The answer carries the code as `reason` and the
 * values of its `{name}` parts as `params` (`fieldReasons`, `fieldParams` for the fields), by which the web translates
 * it (docs/architecture.md "Errors").
 */
export class HttpError extends Error {
  readonly status: number;
  readonly reason: ServerErrorCode | undefined;
  readonly params: MessageParams | undefined;
  readonly fields?: Record<string, string>;
  readonly fieldReasons?: Record<string, ServerErrorCode>;
  readonly fieldParams?: Record<string, MessageParams>;
  constructor(
    readonly code: ErrorCode,
    message: ErrorMessage,
    fields?: Record<string, ErrorMessage>,
  ) {
    const { text, code: reason, params } = resolved(message);
    super(text);
    this.status = ERROR_CODES[code];
    this.reason = reason;
    this.params = params;
    if (fields) {
      this.fields = {};
      const fieldReasons: Record<string, ServerErrorCode> = {};
      const fieldParams: Record<string, MessageParams> = {};
      for (const [name, value] of Object.entries(fields)) {
        const field = resolved(value);
        this.fields[name] = field.text;
        if (field.code) fieldReasons[name] = field.code;
        if (field.params) fieldParams[name] = field.params;
      }
      if (Object.keys(fieldReasons).length > 0) this.fieldReasons = fieldReasons;
      if (Object.keys(fieldParams).length > 0) this.fieldParams = fieldParams;
    }
  }
}

export const notFound = (what: ErrorMessage = 'generic.notFound') => new HttpError('not-found', what);
export const forbidden = (message: ErrorMessage = 'generic.forbidden') => new HttpError('forbidden', message);
export const unauthorized = (message: ErrorMessage = 'generic.unauthorized') => new HttpError('unauthorized', message);
export const conflict = (message: ErrorMessage) => new HttpError('conflict', message);
export const badRequest = (message: ErrorMessage, fields?: Record<string, ErrorMessage>) =>
  new HttpError(fields ? 'validation' : 'bad-request', message, fields);

/** An HttpError's body, as the error handler answers it. */
export function httpErrorBody(err: HttpError): ErrorBody {
  const error: ErrorBody['error'] = { code: err.code, message: err.message };
  if (err.reason) error.reason = err.reason;
  if (err.params) error.params = err.params;
  if (err.fields) error.fields = err.fields;
  if (err.fieldReasons) error.fieldReasons = err.fieldReasons;
  if (err.fieldParams) error.fieldParams = err.fieldParams;
  return { error };
}

/** The body of an error of a kind and a message (and fields). */
const body = (code: ErrorCode, message: ErrorMessage, fields?: Record<string, ErrorMessage>): ErrorBody =>
  httpErrorBody(new HttpError(code, message, fields));

/** Any error as its status and body, as the error handler answers an HttpError; any other is a 500. */
export function errorAnswer(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof HttpError) return { status: err.status, body: httpErrorBody(err) };
  return { status: 500, body: body('internal', 'generic.internal') };
}

/** Maps every error to the error shape; no stack trace ever reaches a client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).send(httpErrorBody(err));
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A schema issue by its code where it has one ('Required', 'At most 200 characters', a rule's own), else as zod says it.
      const fields: Record<string, ErrorMessage> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        const found = { ...issue.params, code: issue.keyword, message: issue.message ?? '' };
        fields[key] ??= issue.message ? issueMessage(found) : 'field.invalid';
      }
      return reply.status(400).send(body('validation', 'generic.invalid', fields));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its contract');
      return reply.status(500).send(body('internal', 'generic.internal'));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(body('too-large', 'generic.tooLarge'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(body('unsupported-media-type', 'generic.unsupportedMediaType'));
    }
    if (status === 429) return reply.status(429).send(body('rate-limited', handedText(err.message)));
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON body, bad multipart and the like: Fastify's own client errors.
      return reply.status(status).send(body('bad-request', clientMessage(err)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal', 'generic.internal'));
  });
}

/** Unknown API paths answer a JSON 404; any other GET serves the web app's page (history fallback: web.ts). */
export function installNotFound(app: FastifyInstance, web: WebPages | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (web && (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/')) {
      return web.send(request, reply);
    }
    return reply
      .status(404)
      .send(body('not-found', { code: 'generic.noRoute', params: { method: request.method, path: pathname } }));
  });
}

function clientMessage(err: FastifyError): ErrorMessage {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return 'generic.notJson';
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'generic.emptyBody';
  return handedText(err.message.split('\n')[0].slice(0, 200));
}
