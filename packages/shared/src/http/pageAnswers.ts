import { z } from 'zod';

/**
 * Answers written into a page: the server answers ahead the first API requests a page will make (a public
 * dashboard and its first tab's cards) while the page's scripts load, and writes them into the page, each as it
 * comes, in a `<script type="application/json">` element of its own with this attribute; the web app takes each
 * answer instead of asking for it, once.
 */
export const PAGE_ANSWERS_ATTRIBUTE = 'data-tessera-page-answers';

/** One answered request: what the web app would send (method, path with query, JSON body) and the 200 answer. */
export const pageAnswerSchema = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string().startsWith('/api/'),
  body: z.unknown().optional(),
  answer: z.unknown(),
});
export type PageAnswer = z.infer<typeof pageAnswerSchema>;
