import { api, ROLE_PRESETS } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callAs, createClaimedUser, type TestUser } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { dialog, fieldLabel } from './support/org.ts';
import { ADMIN } from './support/tessera.ts';
import { expectPath, expectText, expectToast, signIn, userMenu } from './support/ui.ts';

/**
 * Issue 4 end to end (project list and dialogs, members and permissions; project tabs):
 * root creates a project, adds a member as View Dashboards, the member sees only the Data Apps tab inside it,
 * and root transfers the project to a client organization. The member and the organizations are made through
 * the API beforehand: issue 3's journey covers doing that through the screens.
 */
describe('projects', () => {
  const j = useJourney();
  const PROJECT = 'Quarterly Sales';
  const CONSULTANT = 'Tailspin Consulting';
  const CLIENT = 'Tailspin Toys';
  let member: TestUser;
  let rootOrganization = '';

  beforeAll(async () => {
    const app = j.app;
    const token = await apiSignIn(app, ADMIN.email, ADMIN.password);
    const own = await callAs(app, token, api.getMyOrganization);
    rootOrganization = own.name;
    // A View Only user of root's own organization: no organization role, so whatever they see of the project
    // comes from their project permission alone.
    member = await createClaimedUser(app, token, own._id, {
      first: 'Mia',
      last: 'Member',
      email: 'mia.member@tessera.test',
      password: 'Mia-member-pass-1!',
      roles: ROLE_PRESETS.viewOnly,
    });
    const consultant = await callAs(app, token, api.createOrganization, {
      body: { name: CONSULTANT, type: 'consultant' },
    });
    await callAs(app, token, api.createOrganization, {
      body: { name: CLIENT, type: 'client', consultantId: consultant._id },
    });
  });

  it('root creates a project and adds a member with the default View Dashboards role', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await expectText(page, 'No projects available.');

    await page.getByRole('button', { name: 'Create Project', exact: true }).click();
    const create = dialog(page, 'Create Project');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await create.getByText('Required', { exact: true }).waitFor();
    await create.getByLabel(fieldLabel('Name')).fill(PROJECT);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await create.waitFor({ state: 'hidden' });
    // The new project opens (issue 20 §10); back on the list it shows with its organization.
    await expectPath(page, /^\/projects\/[^/]+/);
    await page.goBack();
    await expectPath(page, '/projects');
    // The project's row: its link (named by the project alone) with the organization and the role beside it.
    const row = projectRow(page, PROJECT);
    await row.getByText(rootOrganization, { exact: true }).waitFor();
    // The creator is a Full Access member.
    await row.getByText('Full Access', { exact: true }).waitFor();
    await screenshot(page, 'projects-created');

    await page.getByRole('button', { name: `Project menu for ${PROJECT}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit Members', exact: true }).click();
    const members = dialog(page, 'Edit Members');
    await members.getByText(ADMIN.email, { exact: true }).waitFor();
    // A new member's role is View Dashboards unless another is chosen.
    expect(await members.getByLabel('Role', { exact: true }).inputValue()).toBe('View Dashboards');
    await members.getByLabel('Users', { exact: true }).click();
    await page.getByRole('option', { name: `${member.first} ${member.last} (${member.email})`, exact: true }).click();
    await screenshot(page, 'projects-add-member');
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, '1 member added');
    await members.getByText(member.email, { exact: true }).waitFor();
    const memberRow = members.getByText(member.email, { exact: true }).locator('xpath=..');
    await memberRow.getByText('View Dashboards', { exact: true }).waitFor();
    // Every active user of the organization is a member now.
    await members.getByText('No available users to share with in this organization.', { exact: true }).waitFor();
    await screenshot(page, 'projects-members');
  });

  it('the member signs in and sees only the Data Apps tab inside the project', async () => {
    const { page } = j;
    await signIn(page, member.email, member.password);
    await expectPath(page, '/projects');
    await expectText(page, `Welcome ${member.first}`);
    // No createProjects role: no Create Project button.
    await projectRow(page, PROJECT).getByText('View Dashboards').waitFor();
    expect(await page.getByRole('button', { name: 'Create Project', exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: `Open ${PROJECT}`, exact: true }).click();
    // The project root opens the first area the role does not hide: data apps.
    await expectPath(page, /^\/projects\/[^/]+\/dashboards/);
    const areas = page.getByRole('navigation', { name: 'Project areas', exact: true });
    await areas.getByRole('link', { name: 'Data Apps', exact: true }).waitFor();
    expect(await areas.getByRole('link').allInnerTexts()).toEqual(['Data Apps']);
    for (const hidden of ['Datasets', 'Models', 'Forms', 'Mobi']) {
      expect(await page.getByRole('link', { name: hidden, exact: true }).count()).toBe(0);
    }
    await screenshot(page, 'projects-member-data-apps-only');

    // An area the role hides sends the member back to the project, which opens data apps again.
    const projectPath = new URL(page.url()).pathname.replace(/\/dashboards.*$/, '');
    await page.goto(`${projectPath}/datasets`);
    await expectPath(page, /^\/projects\/[^/]+\/dashboards/);
  });

  it('root transfers the project to a client organization, after the warning', async () => {
    const { page } = j;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectPath(page, '/projects');
    await page.getByRole('button', { name: `Project menu for ${PROJECT}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Transfer Project', exact: true }).click();
    const transfer = dialog(page, 'Transfer Project');
    await transfer
      .getByText(
        'After you transfer this project, the organization that currently owns it may lose administrative access.',
        { exact: true },
      )
      .waitFor();
    // Root may transfer to any other active organization, not to the one that owns the project.
    await transfer.getByLabel(fieldLabel('Organization')).click();
    await page.getByRole('option', { name: CLIENT, exact: true }).waitFor();
    expect((await page.getByRole('option').allInnerTexts()).sort()).toEqual([CONSULTANT, CLIENT].sort());
    await page.getByRole('option', { name: CLIENT, exact: true }).click();
    await screenshot(page, 'projects-transfer');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expectToast(page, `${PROJECT} was transferred to ${CLIENT}`);
    await transfer.waitFor({ state: 'hidden' });

    const open = projectRow(page, PROJECT);
    await open.getByText(CLIENT, { exact: true }).waitFor();
    expect(await open.getByText(rootOrganization, { exact: true }).count()).toBe(0);
    await screenshot(page, 'projects-transferred');

    // It stays so after a reload, and it is now one of the client's projects in the client's settings.
    await page.reload();
    await open.getByText(CLIENT, { exact: true }).waitFor();
    await userMenu(page, 'Manage All Organizations');
    await page.getByRole('button', { name: `Open the settings of ${CLIENT}`, exact: true }).click();
    await page.getByRole('tab', { name: 'Projects', exact: true }).click();
    await page.getByRole('link', { name: `Open ${PROJECT}`, exact: true }).waitFor();
    await screenshot(page, 'projects-client-projects-tab');
  });
});

/** A project's row in the list: the card around its Open link. */
function projectRow(page: Page, name: string) {
  return page
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByRole('link', { name: `Open ${name}`, exact: true }) });
}
