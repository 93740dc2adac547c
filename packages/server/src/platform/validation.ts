import { unsafeTextPath } from '@tessera/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * The server's validator for every route's params, query and body: first, no text with a NUL or an unpaired
 * surrogate anywhere in the input, keys included (`unsafeTextPath`: PostgreSQL refuses such text, so it would
 * otherwise fail as a 500 in whichever store received it); then the route's zod contract. Both answer 400 with
 * the field's path.
 */
export const contractValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const path = unsafeTextPath(data);
    if (path) {
      return { error: badRequest('generic.invalid', { [path.join('.') || 'body']: 'field.unsafeText' }) };
    }
    return validate(data);
  };
};
