import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from './markdown.ts';

describe('markdown cards are rendered and sanitized', () => {
  it('renders headings, emphasis, lists and tables', () => {
    const html = markdownToSafeHtml('# Sales\n\n**up** _10_ %\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('Sales');
    expect(doc.querySelector('strong')?.textContent).toBe('up');
    expect(doc.querySelectorAll('li')).toHaveLength(2);
    expect(doc.querySelectorAll('td')).toHaveLength(2);
  });

  it('strips scripts, event handlers, javascript: links and iframes', () => {
    const html = markdownToSafeHtml(
      [
        'Hello <script>window.pwned = 1</script>',
        '<img src="x" onerror="window.pwned = 2">',
        '[click](javascript:window.pwned=3)',
        '<a href="javascript:alert(1)">raw</a>',
        '<iframe src="https://example.com"></iframe>',
        '<div onclick="alert(1)" style="color:red">styled</div>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('x');
    expect(doc.body.textContent).toContain('styled');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('opens links in a new tab without an opener', () => {
    const doc = new DOMParser().parseFromString(markdownToSafeHtml('[docs](https://example.com/a)'), 'text/html');
    const link = doc.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
