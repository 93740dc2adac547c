import { EDIT_SESSION_HEADER, editSessionSchema } from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/errors.ts';
import { type MailLanguage, mailLanguage } from '../../../platform/mailLanguage.ts';
import type { Author } from './recorder.ts';

/** Who makes a change: the caller, and the editing session its browser tab names (none from other clients). */
export function authorOf(auth: AuthUser, request: FastifyRequest): Author {
  const header = request.headers[EDIT_SESSION_HEADER];
  const parsed = editSessionSchema.safeParse(Array.isArray(header) ? header[0] : header);
  return { userId: auth.user.id, session: parsed.success ? parsed.data : null };
}

/** Undo and redo act on a session's own steps: a call without one is refused. */
export function sessionAuthorOf(auth: AuthUser, request: FastifyRequest): Author & { session: string } {
  const author = authorOf(auth, request);
  if (!author.session) throw badRequest('history.noSession');
  return { ...author, session: author.session };
}

/** The reader's language for the history's summaries. */
export const readerLanguage = (request: FastifyRequest): MailLanguage =>
  mailLanguage(request.headers['accept-language']);
