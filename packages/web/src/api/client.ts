import {
  EDIT_SESSION_HEADER,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  errorBody,
  requestUrl,
  TOKEN_STORAGE_KEY,
} from '@tessera/shared';
import i18n from '../i18n/index.ts';
import { takePageAnswer } from './pageAnswers.ts';
import { translatedError } from './serverErrors.ts';

/** An error answered by the API, in the shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The stable code of the message (SERVER_ERRORS), by which `message` and `fields` were translated. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_STORAGE_KEY),
};

/**
 * This page's editing session: the server keeps a data app's undo and redo steps per session, so that undo in
 * one browser tab never takes back what another tab (or person) did (docs/data-apps.md "Undo and redo").
 */
export const editSession = `web-${crypto.randomUUID()}`;

type Input = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };

/** Per-call options: `signal` cancels the request (TanStack Query passes one to cancel superseded queries). */
export interface CallOptions {
  signal?: AbortSignal;
  /** Extra request headers (the assistant's `x-llm-key`, a user's own key). */
  headers?: Record<string, string>;
}

/**
 * Calls one endpoint contract with the stored token. The answer is parsed by the contract's response schema;
 * an error answer becomes an ApiError. A request the server already answered inside the page is not sent
 * (pageAnswers.ts). `body` may be a FormData for multipart endpoints.
 */
export async function call<E extends Endpoint>(
  e: E,
  ...[input, options]: {} extends EndpointInput<E>
    ? [EndpointInput<E>?, CallOptions?]
    : [EndpointInput<E>, CallOptions?]
): Promise<EndpointOutput<E>> {
  const i = (input ?? {}) as Input;
  const url = requestUrl(e.path, i.params, i.query);
  if (!(i.body instanceof FormData)) {
    const written = await takePageAnswer(e.method, url, i.body);
    if (written) return e.response.parse(written.answer) as EndpointOutput<E>;
  }
  const headers: Record<string, string> = { ...options?.headers };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (e.method !== 'GET' || e.path.endsWith('/undo')) headers[EDIT_SESSION_HEADER] = editSession;
  // The language the person uses Tessera in, not the browser's: mail the server sends for this request (an
  // invitation, a password reset) is written in it.
  if (i18n.language) headers['accept-language'] = i18n.language;
  let body: BodyInit | undefined;
  if (i.body instanceof FormData) body = i.body;
  else if (i.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(i.body);
  }
  const res = await fetch(url, { method: e.method, headers, body, signal: options?.signal });
  const text = await res.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) throw apiError(res.status, json, res.statusText);
  // A raw endpoint answers text (a log, a file): its contract reads the text itself.
  return e.response.parse(e.raw ? text : json) as EndpointOutput<E>;
}

/** The ApiError of an error answer (`json`: its body, in the shape when the API wrote it). */
export function apiError(status: number, json: unknown, statusText = ''): ApiError {
  const parsed = errorBody.safeParse(json);
  if (parsed.success) {
    // Translated here, once, by the error's codes: screens show `message` and `fields` as they are.
    const { message, fields } = translatedError(parsed.data.error);
    return new ApiError(status, parsed.data.error.code, message, fields, parsed.data.error.reason);
  }
  return new ApiError(status, 'unknown', statusText || 'Request failed');
}

/** The JSON value of `text`, undefined when it is not JSON. */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
