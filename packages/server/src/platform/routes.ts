import type { Endpoint, EndpointOutput } from '@tessera/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthUser } from './context.ts';
import { guardMultipart } from './multipart.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<E extends Endpoint> {
  params: E extends Endpoint<infer P> ? Parsed<P> : never;
  query: E extends Endpoint<z.ZodType, infer Q> ? Parsed<Q> : never;
  body: E extends Endpoint<z.ZodType, z.ZodType, infer B> ? Parsed<B> : never;
  /** The signed-in caller; null only on public routes. */
  auth: E['access'] extends { kind: 'public' } ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one endpoint contract: its access rule goes into the route config (enforced by the access
 * preHandler), its zod schemas validate the request, and its response schema serializes the answer so that
 * no field outside the contract ever leaves the server.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (input: RouteInput<E>) => Promise<EndpointOutput<E> | FastifyReply> | EndpointOutput<E> | FastifyReply,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    config: { access: e.access },
    schema: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body && !e.multipart ? { body: e.body } : {}),
      ...(e.raw ? {} : { response: { 200: e.response } }),
    },
    handler: async (request, reply) => {
      // Declared multipart (the app registers @fastify/multipart; a bare test app does not decorate isMultipart).
      if (e.multipart && request.isMultipart()) guardMultipart(request);
      return handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        auth: request.auth as never,
        request,
        reply,
      });
    },
  });
}
