import { cleanup, render } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { HtmlFrame } from './HtmlFrame.tsx';

/**
 * The html card's isolation, in a real Chromium: the frame markup HtmlFrame renders is put in a page of an app
 * origin holding a token, and the card's script tries to reach the app. It runs (it answers by postMessage) but
 * every access to the parent's document and storage is refused, and the app's page stays where it was.
 */
afterEach(cleanup);

const ATTACK = `<p id="own">waiting</p>
<script>
  const result = {};
  try { parent.document.body.setAttribute('data-pwned', '1'); result.dom = 'touched'; } catch (e) { result.dom = e.name; }
  try { result.storage = String(parent.localStorage.getItem('token')); } catch (e) { result.storage = e.name; }
  try { result.ownStorage = String(localStorage.length); } catch (e) { result.ownStorage = e.name; }
  try { result.origin = String(window.origin); } catch (e) { result.origin = e.name; }
  try { top.location.href = 'https://evil.test/'; } catch (e) { result.nav = e.name; }
  document.getElementById('own').textContent = 'ran';
  parent.postMessage(JSON.stringify(result), '*');
</script>`;

it('lets the card script run but never reach window.parent', { timeout: 60_000 }, async () => {
  const { container } = render(<HtmlFrame html={ATTACK} title="Card" />);
  const frameMarkup = container.innerHTML;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.route('**/*', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body>
          <script>localStorage.setItem('token', 'secret'); window.messages = [];
          addEventListener('message', (e) => window.messages.push(e.data));</script>
          ${frameMarkup}</body></html>`,
      }),
    );
    await page.goto('https://app.test/dashboard');
    await page.waitForFunction(() => (window as unknown as { messages: string[] }).messages.length > 0, null, {
      timeout: 20_000,
    });
    const message = JSON.parse(await page.evaluate(() => (window as unknown as { messages: string[] }).messages[0]));
    expect(message.dom).toBe('SecurityError');
    expect(message.storage).toBe('SecurityError');
    // An opaque origin: not the app's, and no storage of its own.
    expect(message.origin).toBe('null');
    expect(message.ownStorage).toBe('SecurityError');
    expect(await page.evaluate(() => document.body.hasAttribute('data-pwned'))).toBe(false);
    expect(page.url()).toBe('https://app.test/dashboard');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator('#own').textContent()).toBe('ran');
  } finally {
    await browser.close();
  }
});
