import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { firstLink } from './support/mailbox.ts';
import { chooseOption, dialog, fieldLabel, listItem } from './support/org.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, fieldError, signIn, storedToken, userMenu } from './support/ui.ts';

/**
 * Issue 3 end to end (settings, user and organization states, list search, roles): product
 * operations create a consultant and its client, an admin in the client claims the account from the invitation
 * mail (a real SMTP server receives it), and the client organization's Active switch ends and restores that
 * admin's access. The tests share one server and run in order, each building on what the previous one made.
 */
describe('organization administration', () => {
  const j = useJourney();
  const CONSULTANT = 'Northwind Consulting';
  const CLIENT = 'Contoso Retail';
  const clientAdmin = {
    first: 'Clara',
    last: 'Admin',
    // Typed with capitals: the form lower-cases the email before sending.
    typed: 'Clara.Admin@Contoso.test',
    email: 'clara.admin@contoso.test',
    password: 'Clara-chooses-1!',
  };
  const standard = { first: 'Sam', last: 'Standard', email: 'sam.standard@contoso.test' };
  let clientPath = '';
  let invitationLink = '';

  /** Root opens the client organization's settings at `tab` from Manage All Organizations. */
  async function openClientAsRoot(page: Page, tab: 'General Settings' | 'User Accounts') {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.goto(`${clientPath}/general`);
    await page.getByRole('tab', { name: tab, exact: true }).click();
  }

  it('root creates a consultant organization and a client of it from Manage All Organizations', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await userMenu(page, 'Manage All Organizations');
    await expectPath(page, '/settings/root/organizations');
    await expectText(page, 'All Organizations');
    await expectText(page, 'Product Operations');

    await page.getByRole('button', { name: 'Create Organization', exact: true }).click();
    let modal = dialog(page, 'Create Organization');
    // The name is required.
    await modal.getByRole('button', { name: 'Create Organization', exact: true }).click();
    expect(await fieldError(modal.getByLabel(fieldLabel('Organization Name')))).toBe('Required');
    await modal.getByLabel(fieldLabel('Organization Name')).fill(CONSULTANT);
    await chooseOption(modal, 'Organization Type', 'Consultant');
    await modal.getByRole('button', { name: 'Create Organization', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    const consultantRow = listItem(page, CONSULTANT);
    await consultantRow.getByText('Consultant', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Create Organization', exact: true }).click();
    modal = dialog(page, 'Create Organization');
    await modal.getByLabel(fieldLabel('Organization Name')).fill(CLIENT);
    await chooseOption(modal, 'Organization Type', 'Client');
    await chooseOption(modal, 'Consultant', CONSULTANT);
    await screenshot(page, 'organizations-create-client');
    await modal.getByRole('button', { name: 'Create Organization', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    const clientRow = listItem(page, CLIENT);
    await clientRow.getByText('Client', { exact: true }).waitFor();
    // In the list of all organizations a client names its consultant.
    await clientRow.getByText(CONSULTANT, { exact: true }).waitFor();

    // The list search: "re:" takes a regular expression on the name (and plan).
    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.fill('re:^contoso');
    await consultantRow.waitFor({ state: 'detached' });
    await clientRow.waitFor();
    await search.fill('');
    await consultantRow.waitFor();
    await screenshot(page, 'organizations-list');

    await page.getByRole('button', { name: `Open the settings of ${CLIENT}`, exact: true }).click();
    await expectPath(page, /^\/settings\/root\/organizations\/[^/]+\/general$/);
    clientPath = new URL(page.url()).pathname.replace(/\/general$/, '');
    await expectText(page, CLIENT);
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'General Settings',
      'User Accounts',
      'Projects',
      'Login History',
    ]);
  });

  it('root creates an Organization Admin in the client: the invitation is mailed, the list finds it with re:, Resend Email shows the reset link', async () => {
    const { page, app } = j;
    await openClientAsRoot(page, 'User Accounts');
    await expectPath(page, `${clientPath}/users`);
    await expectText(page, 'There are no users in this organization.');

    const mailsBefore = app.mailbox.received.length;
    await page.getByRole('button', { name: 'Create User', exact: true }).click();
    const modal = dialog(page, 'Create User');
    await modal.getByLabel(fieldLabel('First Name')).fill(clientAdmin.first);
    await modal.getByLabel(fieldLabel('Last Name')).fill(clientAdmin.last);
    await modal.getByLabel(fieldLabel('Email')).fill(clientAdmin.typed);
    // A role choice is required: the modal stays open until one is made.
    await modal.getByRole('button', { name: 'Create User', exact: true }).click();
    await modal.getByText('Required', { exact: true }).waitFor();
    // Root may grant Product Admin (only holders of manageAllOrganizations see that choice).
    await modal.getByRole('radio', { name: 'Product Admin', exact: true }).waitFor();
    await modal.getByRole('radio', { name: 'Organization Admin', exact: true }).check();
    await screenshot(page, 'organizations-create-admin');
    await modal.getByRole('button', { name: 'Create User', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });

    const adminRow = listItem(page, `${clientAdmin.first} ${clientAdmin.last}`);
    await adminRow.getByText(clientAdmin.email, { exact: true }).waitFor();
    await adminRow.getByText('Organization Admin', { exact: true }).waitFor();
    await adminRow.getByText('Unclaimed Account', { exact: true }).waitFor();

    const invitation = await app.mailbox.waitForMail(clientAdmin.email, { since: mailsBefore });
    invitationLink = firstLink(invitation, '/login/reset/');
    expect(invitationLink.startsWith(`${app.url}/login/reset/`)).toBe(true);
    expect(invitation.text).toContain(CLIENT);

    // A second user, so that the search has something to leave out.
    const standardMailsBefore = app.mailbox.received.length;
    await page.getByRole('button', { name: 'Create User', exact: true }).click();
    await modal.getByLabel(fieldLabel('First Name')).fill(standard.first);
    await modal.getByLabel(fieldLabel('Last Name')).fill(standard.last);
    await modal.getByLabel(fieldLabel('Email')).fill(standard.email);
    await modal.getByRole('radio', { name: 'Standard', exact: true }).check();
    await modal.getByRole('button', { name: 'Create User', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    const standardRow = listItem(page, `${standard.first} ${standard.last}`);
    await standardRow.getByText('Standard', { exact: true }).waitFor();
    const standardInvitation = await app.mailbox.waitForMail(standard.email, { since: standardMailsBefore });

    // "re:" searches first name, last name and email with a regular expression.
    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.fill('re:^clara\\.');
    await standardRow.waitFor({ state: 'detached' });
    await adminRow.waitFor();
    await screenshot(page, 'organizations-user-search');
    await search.fill('re:contoso\\.test$');
    await standardRow.waitFor();
    await adminRow.waitFor();
    await search.fill('');

    // Resend Email on the unclaimed account: "Email Sent", the reset link, and a new mail with that link.
    const resendBefore = app.mailbox.received.length;
    await standardRow.getByText('Unclaimed Account', { exact: true }).waitFor();
    await standardRow.getByRole('button', { name: 'Resend Email', exact: true }).click();
    await standardRow.getByRole('button', { name: 'Email Sent', exact: true }).waitFor();
    expect(await standardRow.getByRole('button', { name: 'Email Sent', exact: true }).isDisabled()).toBe(true);
    await standardRow.getByText('Reset link', { exact: true }).waitFor();
    const shownLink = await standardRow.getByRole('link').getAttribute('href');
    expect(shownLink).toMatch(new RegExp(`^${app.url}/login/reset/[A-Za-z0-9_-]+$`));
    await screenshot(page, 'organizations-resend-email');
    const resent = await app.mailbox.waitForMail(standard.email, { since: resendBefore });
    expect(firstLink(resent, '/login/reset/')).toBe(shownLink);
    // The new code replaces the first invitation's.
    expect(firstLink(standardInvitation, '/login/reset/')).not.toBe(shownLink);
  });

  it('the invitation link lets the admin choose a password (checklist) and sign in to "Welcome Clara"', async () => {
    const { page } = j;
    await page.goto(invitationLink);
    await expectPath(page, /^\/login\/reset\//);
    await expectText(page, 'Must contain a special character (%, ?, &, etc).');
    await page.getByLabel('New Password', { exact: true }).fill('clara');
    await page.getByLabel('Confirm Password', { exact: true }).fill('clara');
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    // Nothing happens while a rule of the checklist fails.
    await page.getByLabel('New Password', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(invitationLink).pathname);
    await screenshot(page, 'organizations-invitation-checklist');

    await page.getByLabel('New Password', { exact: true }).fill(clientAdmin.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(clientAdmin.password);
    await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await expectPath(page, '/login');
    await expectToast(page, 'Password successfully reset');

    await signIn(page, clientAdmin.email, clientAdmin.password);
    await expectPath(page, '/projects');
    await expectText(page, `Welcome ${clientAdmin.first}`);
    await screenshot(page, 'organizations-admin-welcome');

    // The claimed account is no longer "Unclaimed Account" in root's list.
    const root = await j.anotherPage();
    await openClientAsRoot(root, 'User Accounts');
    const adminRow = listItem(root, `${clientAdmin.first} ${clientAdmin.last}`);
    await adminRow.getByText('Organization Admin', { exact: true }).waitFor();
    expect(await adminRow.getByText('Unclaimed Account', { exact: true }).count()).toBe(0);
    await listItem(root, `${standard.first} ${standard.last}`)
      .getByText('Unclaimed Account', { exact: true })
      .waitFor();
  });

  it('deactivating the client organization signs its admin out; reactivating lets them back in', async () => {
    const { page } = j;
    await signIn(page, clientAdmin.email, clientAdmin.password);
    await expectPath(page, '/projects');
    await expectText(page, `Welcome ${clientAdmin.first}`);

    // Root, in a browser of their own, switches the client organization off.
    const root = await j.anotherPage();
    await openClientAsRoot(root, 'General Settings');
    // Mantine's switch label holds its description too, so the accessible name starts with "Active".
    const active = root.getByRole('switch', { name: /^Active\b/ });
    expect(await active.isChecked()).toBe(true);
    // The switch shows the organization as the server has it: it turns off once the server has answered.
    await active.click();
    await root.getByText('Inactive', { exact: true }).waitFor();
    expect(await active.isChecked()).toBe(false);
    await screenshot(root, 'organizations-client-deactivated');

    // The admin's next navigation asks the server, which no longer knows the session: back to /login. (The
    // organization may still be cached from the sign-in; the users of the User Accounts tab never are.)
    await userMenu(page, 'Organization Settings');
    const usersTab = page.getByRole('tab', { name: 'User Accounts', exact: true });
    const logIn = page.getByRole('button', { name: 'Log In', exact: true });
    await usersTab.or(logIn).first().waitFor();
    if (await usersTab.isVisible()) await usersTab.click();
    await expectPath(page, '/login');
    expect(await storedToken(page)).toBeNull();
    await signIn(page, clientAdmin.email, clientAdmin.password);
    expect(await fieldError(page.getByLabel('Email', { exact: true }))).toBe('Something went wrong');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'organizations-admin-refused');

    await root.reload();
    await active.waitFor({ state: 'attached' });
    expect(await active.isChecked()).toBe(false);
    await active.click();
    await root.getByText('Inactive', { exact: true }).waitFor({ state: 'detached' });
    expect(await active.isChecked()).toBe(true);

    await signIn(page, clientAdmin.email, clientAdmin.password);
    await expectPath(page, '/projects');
    await expectText(page, `Welcome ${clientAdmin.first}`);
    await userMenu(page, 'Organization Settings');
    await expectPath(page, '/settings/organizations/my/general');
    await expectText(page, CLIENT);
    await screenshot(page, 'organizations-admin-back');
  });
});
