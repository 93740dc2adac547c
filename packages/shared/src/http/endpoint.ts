import type { z } from 'zod';
import type { Access } from './access.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint, written once and used by both sides: the server registers it (validation, access rule,
 * response serialization that drops any field not in `response`), the web client calls it with typed inputs.
 * Paths use Fastify's `:param` syntax and always start with /api/v1/.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Multipart upload: the one file field the route accepts and its size limit in bytes. */
  multipart?: { field: string; maxBytes: number };
  /** Responds with something other than JSON (a file or a stream). */
  raw?: boolean;
}

export function endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return e;
}

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Part<K extends string, S> = [S] extends [z.ZodType] ? (unknown extends In<S> ? {} : { [k in K]: In<S> }) : {};

/** What a caller supplies to call an endpoint: `params`, `query` and `body` where the contract has them. */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? Part<'params', P> & Part<'query', Q> & Part<'body', B>
    : never;

export type EndpointOutput<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:param` segments of a path. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A request's URL: the path filled with its params, then the query's set values (the web's requests). */
export function requestUrl(
  path: string,
  params?: Record<string, string | number>,
  query: Record<string, unknown> = {},
): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${fillPath(path, params)}?${qs}` : fillPath(path, params);
}
