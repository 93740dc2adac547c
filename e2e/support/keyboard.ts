import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectPath } from './ui.ts';

/**
 * The keyboard journeys' moves (docs/accessibility.md): what has the focus, and pressing a key until the focus is
 * where a keyboard user wants it, with a bounded number of presses and a failure that says where the focus went.
 */

/** The accessible name of the focused element (its aria-label, else its text), '' on the page's body. */
export const focusedName = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const node = document.activeElement as HTMLElement | null;
    if (!node || node === document.body) return '';
    return (node.getAttribute('aria-label') ?? node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80);
  });

/** Whether this element has the focus. */
export const isFocused = (locator: Locator): Promise<boolean> =>
  locator
    .first()
    .evaluate((node) => node === document.activeElement)
    .catch(() => false);

/** What the focus should land on: an element, or an accessible name (exact). */
export type FocusTarget = Locator | string;

const reached = async (page: Page, target: FocusTarget) =>
  typeof target === 'string' ? (await focusedName(page)) === target : isFocused(target);

/**
 * Presses `key` (Tab unless told: Shift+Tab, ArrowDown…) until the focused element is `target`, at most `most`
 * times. Fails naming the target and the last elements the focus went through, so a control the keyboard cannot
 * reach reads as such in the test's output.
 */
export async function pressUntilFocused(
  page: Page,
  target: FocusTarget,
  { key = 'Tab', most = 80 }: { key?: string; most?: number } = {},
): Promise<void> {
  const seen: string[] = [];
  for (let presses = 0; presses <= most; presses += 1) {
    if (await reached(page, target)) return;
    if (presses === most) break;
    seen.push(await focusedName(page));
    await page.keyboard.press(key);
  }
  const wanted = typeof target === 'string' ? `"${target}"` : String(target);
  throw new Error(
    `${most} presses of ${key} did not reach ${wanted}; the focus went through: ${seen.slice(-12).join(' | ')}`,
  );
}

/** The type of the focused input ('email', 'password'), whatever the page's language. */
const focusedInputType = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type ?? '');

/** Signs in on the sign-in page by typing: Tab to the email, type, Tab, type the password, Enter. */
export async function signInByKeyboard(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type="password"]').waitFor();
  for (let presses = 0; presses < 30 && (await focusedInputType(page)) !== 'email'; presses += 1)
    await page.keyboard.press('Tab');
  expect(await focusedInputType(page)).toBe('email');
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  expect(await focusedInputType(page)).toBe('password');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expectPath(page, '/projects');
}
