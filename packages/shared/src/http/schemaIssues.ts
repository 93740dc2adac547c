import { hasServerErrorParams, isServerErrorCode, type ServerMessage } from './serverErrors.ts';

/** A schema issue as zod reports it (fastify-type-provider-zod passes its kind as `keyword`, the rest as `params`). */
export interface SchemaIssue {
  code: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  params?: unknown;
}

const BOUNDS: Record<string, ServerMessage> = { 200: 'field.max200', 5000: 'field.max5000' };

/**
 * The code of a schema issue, found from what failed, never from its text: a rule of ours names its code
 * (`params: { code }` of a refine or an added issue); an empty text, the 200 and 5000 character bounds and an email
 * address have theirs. Undefined for any other issue: its text (zod's, or a schema's own) is handed over as it is
 * (docs/architecture.md, "Errors").
 */
export function schemaIssueCode(issue: SchemaIssue): ServerMessage | undefined {
  const named = (issue.params as { code?: unknown } | undefined)?.code;
  if (issue.code === 'custom') {
    return isServerErrorCode(named) && !hasServerErrorParams(named) ? (named as ServerMessage) : undefined;
  }
  if (issue.code === 'invalid_format') return issue.format === 'email' ? 'field.email' : undefined;
  if (issue.origin !== 'string') return undefined;
  if (issue.code === 'too_small' && issue.minimum === 1) return 'field.required';
  if (issue.code === 'too_big') return BOUNDS[String(issue.maximum)];
  return undefined;
}
