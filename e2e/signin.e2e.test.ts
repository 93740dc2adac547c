import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, fieldError, signIn, userMenu } from './support/ui.ts';

/** (sign-in page, navigation bar), (sign-in response), (login failure). */
describe('signing in', () => {
  const j = useJourney();

  it('a wrong password shows "Something went wrong" under both fields and stays on /login', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, 'Not-the-password-1');
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    expect(await fieldError(email)).toBe('Something went wrong');
    expect(await fieldError(password)).toBe('Something went wrong');
    expect(await page.getByText('Something went wrong', { exact: true }).count()).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'signin-wrong-password');
  });

  it('the root user signs in and lands on /projects with "Welcome Admin"; Log Out goes back to /login', async () => {
    const { page } = j;
    await page.goto(`/login?email=${encodeURIComponent(ADMIN.email)}`);
    // The email query parameter prefills the field.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expectPath(page, '/projects');
    await expectText(page, `Welcome ${ADMIN.first}`);
    await screenshot(page, 'signin-projects-welcome');

    // The session survives a reload (the token is kept locally).
    await page.reload();
    await expectText(page, `Welcome ${ADMIN.first}`);

    await userMenu(page, 'Log Out');
    await expectPath(page, '/login');
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)))).toEqual([]);
  });

  it('switches the interface to French, keeps it across a reload, and back to English', async () => {
    const { page } = j;
    await page.goto('/login');
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.getByText('FR', { exact: true }).click();
    await page.getByLabel('Mot de passe', { exact: true }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await screenshot(page, 'signin-french');

    await page.reload();
    await page.getByLabel('Mot de passe', { exact: true }).waitFor();

    await page.getByText('EN', { exact: true }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await page.getByLabel('Password', { exact: true }).waitFor();
  });
});
