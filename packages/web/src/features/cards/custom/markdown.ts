import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Markdown to safe HTML for markdown cards: marked (GitHub flavour) renders, DOMPurify strips scripts, event
 * handler attributes, javascript: links and anything else that could run in the app's origin. Links open in a
 * new tab without an opener.
 */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true }) as string;
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html');
  for (const link of doc.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return doc.body.innerHTML;
}
