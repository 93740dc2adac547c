import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { markdownToSafeHtml } from './markdown.ts';

/** A markdown card: its text rendered and sanitized (markdown.ts) before it reaches the page. */
export function MarkdownView({ markdown }: { markdown: string }) {
  const html = useMemo(() => markdownToSafeHtml(markdown), [markdown]);
  return (
    <Typography p="sm" h="100%" style={{ overflow: 'auto' }}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify in markdownToSafeHtml */}
      <div data-testid="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
