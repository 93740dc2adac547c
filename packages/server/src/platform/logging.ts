import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** The most of any one text a log line holds (an error's message, stack, failed query or its parameters). */
export const MAX_LOGGED_TEXT = 2000;
const MAX_LOGGED_ITEMS = 20;
const MAX_LOGGED_DEPTH = 4;

/**
 * A value as a log line may hold it: texts cut at MAX_LOGGED_TEXT characters, lists and objects at 20 entries,
 * nesting at 4 levels. An error can carry what a client sent (a database error holds the query's parameters:
 * a 20 kB error report, a whole body): without bounds, failing requests write the log as fast as they come.
 */
export function boundedForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length <= MAX_LOGGED_TEXT
      ? value
      : `${value.slice(0, MAX_LOGGED_TEXT)}…[${value.length - MAX_LOGGED_TEXT} more characters]`;
  }
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_LOGGED_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_LOGGED_ITEMS).map((v) => boundedForLog(v, depth + 1));
    return value.length > MAX_LOGGED_ITEMS ? [...kept, `…[${value.length - MAX_LOGGED_ITEMS} more]`] : kept;
  }
  const entries = Object.entries(value);
  const kept = Object.fromEntries(
    entries.slice(0, MAX_LOGGED_ITEMS).map(([k, v]) => [boundedForLog(k) as string, boundedForLog(v, depth + 1)]),
  );
  if (entries.length > MAX_LOGGED_ITEMS) kept['…'] = `${entries.length - MAX_LOGGED_ITEMS} more`;
  return kept;
}

/** Removes secrets that may travel in a URL: reset codes in the path, codes and tokens in the query. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/login\/reset\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:code|state|token|access_token|id_token|password|previewToken)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * pino: JSON lines (two per request: received, completed), never a password, token or reset code (bodies are not
 * logged at all). `pretty` (stdout is a terminal, main.ts): lines for people through pino-pretty, one per request
 * (see logRequestsForPeople), in the server's local time.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
  pretty = false,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    ...(pretty && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
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
      err: (err: Error) => boundedForLog(stdSerializers.err(err)) as ReturnType<typeof stdSerializers.err>,
    },
  };
}

/**
 * For people (with Fastify's `disableRequestLogging`): one line per answered request, "GET /api/v1/x 200 12 ms",
 * at warn for a 5xx.
 */
export function logRequestsForPeople(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (reply.statusCode >= 500) request.log.warn(line);
    else request.log.info(line);
  });
}
