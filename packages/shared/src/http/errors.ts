import { z } from 'zod';

/** Error codes the API answers with; the HTTP status follows from the code (docs/architecture.md "Errors"). */
export const ERROR_CODES = {
  'bad-request': 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-media-type': 415,
  /** A card download over MAX_CARD_ROWS rows (too-much-data). */
  'too-much-data': 400,
  'rate-limited': 429,
  internal: 500,
  /** The language-model service failed or timed out (the assistant): its own words passed on, ours by code. */
  upstream: 502,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** The values of a message's `{name}` parts (SERVER_ERRORS), by part name. */
const messageParams = z.record(z.string(), z.union([z.string(), z.number()]));

export const errorBody = z.object({
  error: z.object({
    /** The family of the error, which decides its status (ERROR_CODES). */
    code: z.string(),
    /** The English text, for logs and API callers; the web shows the translation of `reason`. */
    message: z.string(),
    /** The stable code of this very message (SERVER_ERRORS in serverErrors.ts): what the web translates. */
    reason: z.string().optional(),
    /** The values of the `{name}` parts of `reason`'s text (the columns of a refused append, ...). */
    params: messageParams.optional(),
    /** Messages per input field, shown under the field. */
    fields: z.record(z.string(), z.string()).optional(),
    /** The stable code of each field's message, by field name. */
    fieldReasons: z.record(z.string(), z.string()).optional(),
    /** The values of the `{name}` parts of each field's message, by field name. */
    fieldParams: z.record(z.string(), messageParams).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
