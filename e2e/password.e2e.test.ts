import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { firstLink } from './support/mailbox.ts';
import { ADMIN, secretsInLog } from './support/tessera.ts';
import { expectPath, expectText, expectToast, signIn, storedToken, userMenu } from './support/ui.ts';

/**
 * (settings users/my, recover and reset pages), (password reset, recovery), (checklist),
 * and the toasts. The tests of this file share one server and run in order: each one changes the root user's
 * password, and the next starts from it.
 */
describe('passwords', () => {
  const j = useJourney();
  let current = ADMIN.password;

  it('changes the password in Account Settings, signs out, and signs in with the new one', async () => {
    const { page } = j;
    const next = 'Changed-password-2!';
    await signIn(page, ADMIN.email, current);
    await expectPath(page, '/projects');

    await userMenu(page, 'Account Settings');
    await expectPath(page, /^\/settings\/users\/my/);
    await page.getByRole('tab', { name: 'Password', exact: true }).click();

    await page.getByLabel('Current Password', { exact: true }).fill(current);
    await page.getByLabel('New Password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm Password', { exact: true }).fill('weak');
    // The live checklist shows the rules, and the form does nothing until all of them pass.
    await expectText(page, 'Must contain a special character (%, ?, &, etc).');
    await screenshot(page, 'settings-password-checklist');
    await page.getByRole('button', { name: 'Update Password', exact: true }).click();
    await page.waitForTimeout(500);
    expect(await page.getByText('Password updated successfully', { exact: true }).count()).toBe(0);

    await page.getByLabel('New Password', { exact: true }).fill(next);
    await page.getByLabel('Confirm Password', { exact: true }).fill(next);
    await page.getByRole('button', { name: 'Update Password', exact: true }).click();
    await expectToast(page, 'Password updated successfully');
    await screenshot(page, 'settings-password-updated');
    current = next;

    await userMenu(page, 'Log Out');
    await expectPath(page, '/login');

    await signIn(page, ADMIN.email, ADMIN.password);
    await expectText(page, 'Something went wrong');
    await signIn(page, ADMIN.email, current);
    await expectPath(page, '/projects');
    await expectText(page, `Welcome ${ADMIN.first}`);
  });

  it('recovers a forgotten password through the mailed link', async () => {
    const { page, app } = j;
    const next = 'Recovered-password-3?';
    const mailsBefore = app.mailbox.received.length;

    await page.goto('/login');
    await page.getByText('Forgot Password', { exact: true }).click();
    await expectPath(page, '/login/recover');
    // The address changes before the new page is drawn: the sign-in page has an Email field too.
    await page.getByRole('button', { name: 'Send Reset', exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByRole('button', { name: 'Send Reset', exact: true }).click();
    await expectText(page, 'Please check your email for instructions');
    await screenshot(page, 'recover-sent');

    const mail = await app.mailbox.waitForMail(ADMIN.email, { since: mailsBefore });
    const link = firstLink(mail, '/login/reset/');
    expect(link.startsWith(`${app.url}/login/reset/`)).toBe(true);

    await page.goto(link);
    await expectPath(page, /^\/login\/reset\//);
    const password = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password', { exact: true });
    await password.fill(next);
    await confirm.fill(`${next}x`);
    await expectText(page, 'Passwords must match.');
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await page.waitForTimeout(500);
    // Nothing happens while a rule fails.
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    await screenshot(page, 'reset-checklist');

    await confirm.fill(next);
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await expectPath(page, '/login');
    await expectToast(page, 'Password successfully reset');
    await screenshot(page, 'reset-done');
    current = next;

    // The code was single-use: the link now leads back to /login.
    await page.goto(link);
    await expectPath(page, '/login');

    await signIn(page, ADMIN.email, current);
    await expectPath(page, '/projects');
    await expectText(page, `Welcome ${ADMIN.first}`);

    // The real server's request log went through all of it without keeping a secret.
    const resetCode = new URL(link).pathname.split('/').pop();
    const secrets = { resetCode, token: await storedToken(page), previous: ADMIN.password, current };
    expect(secretsInLog(app, secrets)).toEqual([]);
    expect(app.log()).toContain('/login/reset/[redacted]');
  });
});
