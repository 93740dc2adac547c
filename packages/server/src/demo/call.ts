import { randomBytes } from 'node:crypto';
import { type Endpoint, type EndpointInput, type EndpointOutput, fillPath } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';

type Input = { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/**
 * Calls the app's own API in process (`inject`) with a shared endpoint contract: the demo is built through the
 * same routes, checks and services as any client's requests. A refusal throws with the server's answer.
 */
export async function callApi<E extends Endpoint>(
  app: FastifyInstance,
  token: string,
  e: E,
  ...[input]: {} extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
): Promise<EndpointOutput<E>> {
  const i = (input ?? {}) as Input;
  const query = new URLSearchParams(i.query ?? {}).toString();
  const res = await app.inject({
    method: e.method,
    url: `${fillPath(e.path, i.params)}${query ? `?${query}` : ''}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(i.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(i.body === undefined ? {} : { payload: JSON.stringify(i.body) }),
  });
  if (res.statusCode >= 400) throw new Error(`${e.method} ${e.path} answered ${res.statusCode}: ${res.body}`);
  return e.response.parse(res.body ? res.json() : undefined) as EndpointOutput<E>;
}

/** Sends a file as the upload routes receive it (multipart/form-data, field `file`). */
export async function uploadFile(app: FastifyInstance, token: string, url: string, name: string, bytes: Buffer) {
  const boundary = `----tessera-demo${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`;
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  if (res.statusCode >= 400) throw new Error(`uploading ${name} answered ${res.statusCode}: ${res.body}`);
}
