import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  isServerErrorCode,
  SERVER_ERRORS,
  type ServerErrorCode,
  serverErrorCodeOf,
} from '@tessera/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { WebPages } from './web.ts';

/**
 * An error the client is meant to see: its status follows from the code. The message is a code of the
 * shared list (SERVER_ERRORS, preferred) or its English text; either way the answer carries the stable code as
 * `reason` (and `fieldReasons` for the fields), which the web translates.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly reason: ServerErrorCode | undefined;
  readonly fields?: Record<string, string>;
  readonly fieldReasons?: Record<string, ServerErrorCode>;
  constructor(
    readonly code: ErrorCode,
    message: ServerErrorCode | (string & {}),
    fields?: Record<string, ServerErrorCode | (string & {})>,
  ) {
    const known = isServerErrorCode(message);
    super(known ? SERVER_ERRORS[message] : message);
    this.status = ERROR_CODES[code];
    this.reason = known ? message : serverErrorCodeOf(message);
    if (fields) {
      this.fields = {};
      this.fieldReasons = {};
      for (const [name, value] of Object.entries(fields)) {
        const fieldCode = isServerErrorCode(value) ? value : serverErrorCodeOf(value);
        this.fields[name] = isServerErrorCode(value) ? SERVER_ERRORS[value] : value;
        if (fieldCode) this.fieldReasons[name] = fieldCode;
      }
    }
  }
}

type Message = ServerErrorCode | (string & {});
export const notFound = (what: Message = 'generic.notFound') => new HttpError('not-found', what);
export const forbidden = (message: Message = 'generic.forbidden') => new HttpError('forbidden', message);
export const unauthorized = (message: Message = 'generic.unauthorized') => new HttpError('unauthorized', message);
export const badRequest = (message: Message, fields?: Record<string, Message>) =>
  new HttpError(fields ? 'validation' : 'bad-request', message, fields);

/** The error body: the English texts, and the stable codes of those the shared list holds. */
function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  const error: ErrorBody['error'] = { code, message };
  const reason = serverErrorCodeOf(message);
  if (reason) error.reason = reason;
  if (fields) {
    error.fields = fields;
    const fieldReasons = Object.fromEntries(
      Object.entries(fields).flatMap(([name, text]) => {
        const fieldCode = serverErrorCodeOf(text);
        return fieldCode ? [[name, fieldCode]] : [];
      }),
    );
    if (Object.keys(fieldReasons).length > 0) error.fieldReasons = fieldReasons;
  }
  return { error };
}

/** An HttpError's body, as the error handler answers it. */
export function httpErrorBody(err: HttpError): ErrorBody {
  const answer = body(err.code, err.message, err.fields);
  // A code given at the call site wins over the one found from the text (two codes may share a text).
  if (err.reason) answer.error.reason = err.reason;
  if (err.fieldReasons && Object.keys(err.fieldReasons).length > 0) answer.error.fieldReasons = err.fieldReasons;
  return answer;
}

/** Any error as its status and body, as the error handler answers an HttpError; any other is a 500. */
export function errorAnswer(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof HttpError) return { status: err.status, body: httpErrorBody(err) };
  return { status: 500, body: body('internal', 'Internal server error') };
}

/** Maps every error to the error shape; no stack trace ever reaches a client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).send(httpErrorBody(err));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(400).send(body('validation', 'Some fields are not valid', fields));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its contract');
      return reply.status(500).send(body('internal', 'Internal server error'));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(body('too-large', 'The request is too large'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(body('unsupported-media-type', 'Unsupported content type'));
    }
    if (status === 429) return reply.status(429).send(body('rate-limited', err.message));
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON body, bad multipart and the like: Fastify's own client errors.
      return reply.status(status).send(body('bad-request', clientMessage(err)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal', 'Internal server error'));
  });
}

/** Unknown API paths answer a JSON 404; any other GET serves the web app's page (history fallback: web.ts). */
export function installNotFound(app: FastifyInstance, web: WebPages | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (web && (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/')) {
      return web.send(request, reply);
    }
    return reply.status(404).send(body('not-found', `No route for ${request.method} ${pathname}`));
  });
}

function clientMessage(err: FastifyError): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return 'The body is not valid JSON';
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The body must not be empty';
  return err.message.split('\n')[0].slice(0, 200);
}
