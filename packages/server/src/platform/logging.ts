import type { FastifyServerOptions } from 'fastify';

/** Removes secrets that may travel in a URL: reset codes in the path, codes and tokens in the query. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/login\/reset\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:code|state|token|access_token|id_token|password|previewToken)=)[^&#]*/gi, '$1[redacted]');
}

/** pino: one JSON line per request, never a password, token or reset code (bodies are not logged at all). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // x-llm-key: a user's own key for the assistant, sent with their requests and never stored or logged.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-llm-key"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      remove: true,
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
