import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Config } from '../../config.ts';
import { badRequest, HttpError, handedText } from '../../platform/errors.ts';

/** The service's address when LLM_BASE_URL is unset. */
const OPENAI_URL = 'https://api.openai.com/v1';

export interface Connection {
  client: OpenAI;
  /** The key this connection sends: kept out of every answer and log line. */
  key: string;
  source: 'server' | 'user';
}

/**
 * Clients of the OpenAI-compatible service: the server's (LLM_API_KEY), or one for a user's own key sent with
 * their request. The library's retries are off: a failure answers at once (502), and the browser may ask again.
 */
export class LlmClients {
  private readonly server: Connection | undefined;
  constructor(private readonly config: Config) {
    this.server = config.LLM_API_KEY
      ? { client: this.clientOf(config.LLM_API_KEY), key: config.LLM_API_KEY, source: 'server' }
      : undefined;
  }

  /** The user's own key when they sent one, else the server's; undefined when there is none. */
  connection(userKey: string | undefined): Connection | undefined {
    if (userKey) return { client: this.clientOf(userKey), key: userKey, source: 'user' };
    return this.server;
  }

  private clientOf(apiKey: string): OpenAI {
    return new OpenAI({
      apiKey,
      baseURL: this.config.LLM_BASE_URL ?? OPENAI_URL,
      maxRetries: 0,
      timeout: this.config.LLM_TIMEOUT_SECONDS * 1000,
      logLevel: 'off',
    });
  }
}

/** A user's own key from its header: absent, or printable and of a sane length (else 400). */
export function userKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!/^[\x21-\x7e]{8,200}$/.test(key)) throw badRequest('assistant.keyInvalid', { key: 'assistant.keyInvalid' });
  return key;
}

export const timedOutError = () => new HttpError('upstream', 'assistant.timedOut');

/**
 * Any failure of the service as a 502: the service's own words (its error's message) passed on without the key;
 * anything else (a timeout, a service out of reach, a failure of ours) by its code.
 */
export function upstreamError(error: unknown, key: string): HttpError {
  if (error instanceof HttpError) return error;
  if (
    error instanceof APIUserAbortError ||
    error instanceof APIConnectionTimeoutError ||
    (error instanceof Error && error.name === 'AbortError')
  )
    return timedOutError();
  if (error instanceof APIConnectionError) return new HttpError('upstream', 'assistant.unreachable');
  const text = error instanceof APIError ? upstreamMessage(error) : '';
  return new HttpError('upstream', text ? handedText(redactKey(text, key)) : 'assistant.failed');
}

/** A failure while an answer streams: the service's own error, a timeout, or the connection that broke off. */
export function streamError(error: unknown, key: string, timedOut: boolean): HttpError {
  if (timedOut) return timedOutError();
  if (error instanceof APIError && !(error instanceof APIUserAbortError)) return upstreamError(error, key);
  return new HttpError('upstream', 'assistant.brokeOff');
}

function upstreamMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string') return body.message;
  return error.message.replace(/^\d{3}\s+/, '');
}

export const redactKey = (text: string, key: string): string => (key ? text.split(key).join('[redacted]') : text);
