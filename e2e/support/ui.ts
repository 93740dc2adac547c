import { TOKEN_STORAGE_KEY } from '@tessera/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the page's path is `path` (the query and hash are ignored). */
export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
}

/** Waits until `text` is visible on the page (exact, whole text of an element). */
export async function expectText(page: Page, text: string): Promise<Locator> {
  const locator = page.getByText(text, { exact: true }).first();
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/**
 * The error a screen reader announces for a field: the text of the elements named by its aria-describedby.
 * This is what "shows X under the field" means to a test that cannot see. (aria-invalid is not checked:
 * Mantine's PasswordInput marks its inner input with data-invalid only.)
 */
export async function fieldError(field: Locator): Promise<string> {
  const read = async () => {
    const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
    return texts.join(' ').trim();
  };
  // The error appears once the server has answered.
  await expect.poll(read, { timeout: 10_000 }).not.toBe('');
  return read();
}

/** Signs in through the sign-in page the way a person does. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/**
 * Signs in on the sign-in page already open, in whichever language it is shown: the fields found by their types
 * (their labels are in the page's language). Waits until the app has left the sign-in page.
 */
export async function signInByFieldTypes(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[type="email"], input[name="email"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Opens the user menu of the navigation bar and picks one of its items. */
export async function userMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'User menu', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** A toast (a notification, role alert) with this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'visible' });
}

/** The access token the app keeps in localStorage (null when signed out). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
}
