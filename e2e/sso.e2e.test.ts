import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { ADMIN, secretsInLog } from './support/tessera.ts';
import { expectPath, expectText, storedToken } from './support/ui.ts';

/**
 * "Sign in with Microsoft" runs a real OpenID Connect authorization-code flow (PKCE) in a
 * popup against a local oidc-provider standing in for Microsoft Entra ID. The provider's development login
 * form accepts any login name as the account's email.
 */
describe('sign in with Microsoft', () => {
  const j = useJourney();

  /** Clicks the button and signs in as `email` in the provider's popup (login form, then consent). */
  async function throughPopup(page: Page, email: string, shotPrefix: string): Promise<void> {
    await page.goto('/login');
    const [popup] = await Promise.all([
      j.context.waitForEvent('page'),
      page.getByRole('button', { name: 'Sign in with Microsoft', exact: true }).click(),
    ]);
    await popup.locator('input[name="login"]').fill(email);
    await popup.locator('input[name="password"]').fill('any password');
    await screenshot(popup, `${shotPrefix}-provider-login`);
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
  }

  it('an active user with that email is signed in: /projects shows "Welcome Admin"', async () => {
    const { page, context, app } = j;
    // The provider sends the popup back to the app with the authorization code in the query.
    const callbacks: URL[] = [];
    context.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/login/microsoft' && url.searchParams.has('code')) callbacks.push(url);
    });
    await throughPopup(page, ADMIN.email, 'sso');
    await expectPath(page, '/projects');
    await expectText(page, `Welcome ${ADMIN.first}`);
    await screenshot(page, 'sso-projects-welcome');

    expect(callbacks).toHaveLength(1);
    const secrets = {
      code: callbacks[0].searchParams.get('code'),
      state: callbacks[0].searchParams.get('state'),
      token: await storedToken(page),
    };
    expect(secrets.token).toBeTruthy();
    expect(secretsInLog(app, secrets)).toEqual([]);
  });

  it('an email with no account shows "Account deactivated" and signs no one in', async () => {
    const { page } = j;
    await throughPopup(page, 'nobody@tessera.test', 'sso-unknown');
    await expectText(page, 'Account deactivated');
    expect(new URL(page.url()).pathname).toMatch(/^\/login/);
    await screenshot(page, 'sso-account-deactivated');
  });
});
