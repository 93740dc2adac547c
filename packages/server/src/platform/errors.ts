import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@tessera/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error the client is meant to see: its status follows from the code (DESIGN §3). */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const notFound = (what = 'Not found') => new HttpError('not-found', what);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError('forbidden', message);
export const unauthorized = (message = 'Sign in to continue') => new HttpError('unauthorized', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(fields ? 'validation' : 'bad-request', message, fields);

const body = (code: string, message: string, fields?: Record<string, string>): ErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** Maps every error to the error shape; no stack trace ever reaches a client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.status).send(body(err.code, err.message, err.fields));
    }
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

/** Unknown API paths answer a JSON 404; any other GET serves the web app's index.html (history fallback). */
export function installNotFound(app: FastifyInstance, webServed: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (webServed && (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(body('not-found', `No route for ${request.method} ${pathname}`));
  });
}

function clientMessage(err: FastifyError): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return 'The body is not valid JSON';
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The body must not be empty';
  return err.message.split('\n')[0].slice(0, 200);
}
