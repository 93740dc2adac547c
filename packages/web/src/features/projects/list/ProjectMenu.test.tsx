import { PROJECT_ROLE_PRESETS, ROLE_PRESETS, type User } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../../api/session.ts';
import i18n from '../../../i18n/index.ts';
import { makeUser, renderWithProviders, stubNetwork, testQueryClient } from '../../../ui/testing.tsx';
import { makeOrganization, makeProject, rolesWith } from '../testFixtures.ts';
import { ProjectListPage } from './ProjectListPage.tsx';

const client = makeOrganization('Acme Client', { type: 'client' });
const inactive = makeOrganization('Dormant', { active: false });

function renderPage(list: ReturnType<typeof makeProject>[], user: User = makeUser()) {
  const requests = stubNetwork((key) => {
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: list };
    if (key === 'GET /api/v1/organizations') return { status: 200, body: [client, inactive] };
    if (key.startsWith('PUT /api/v1/projects/')) return { status: 200, body: { ...list[0], public: true } };
    if (key.startsWith('DELETE /api/v1/')) return { status: 200, body: { ok: true } };
    return undefined;
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(sessionKeys.me, user);
  renderWithProviders(
    <MemoryRouter initialEntries={['/projects']}>
      <ProjectListPage />
    </MemoryRouter>,
    queryClient,
  );
  return requests;
}

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Project menu for ${name}` }));
  return screen.findByRole('menu');
}
const itemNames = (menu: HTMLElement) =>
  [...menu.querySelectorAll('[role="menuitem"], [role="menuitemcheckbox"]')].map((item) => item.textContent);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Modals, menus and comboboxes render slowly in jsdom; a busy machine needs more than the default 5 s.
describe('the project menu', { timeout: 20_000 }, () => {
  it('shows a Full Access client manager every item', async () => {
    renderPage([makeProject('Budget')], makeUser(ROLE_PRESETS.root));
    expect(itemNames(await openMenu('Budget'))).toEqual([
      'Your Role',
      'Edit Members',
      'Rename Project',
      'Public Dashboards',
      'Transfer Assets',
      'Transfer Project',
      'Leave Project',
      'Delete Project',
    ]);
  });

  it('shows a Viewer their role and Leave Project only', async () => {
    renderPage([makeProject('Budget', { roles: PROJECT_ROLE_PRESETS.view })]);
    expect(itemNames(await openMenu('Budget'))).toEqual(['Your Role', 'Leave Project']);
  });

  it('toggles Public Dashboards at once', async () => {
    const requests = renderPage([makeProject('Budget')]);
    const menu = await openMenu('Budget');
    const item = within(menu).getByRole('menuitemcheckbox', { name: 'Public Dashboards' });
    expect(item.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(item);
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ public: true });
  });

  it('shows Your Role with the preset and each level', async () => {
    renderPage([makeProject('Budget', { roles: rolesWith({ dashboard: 'edit', dataset: 'view' }) })]);
    await userEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Your Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Role' });
    expect(within(dialog).getByText('Custom Role')).toBeTruthy();
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'DashboardsEdit',
      'DatasetsView',
      'ModelsHidden',
      'PackagesHidden',
      'FormsHidden',
      'Edit MembersNo',
      'Edit ProjectNo',
    ]);
  });

  it('warns before Leave Project and removes one’s own membership', async () => {
    const project = makeProject('Budget', { roles: PROJECT_ROLE_PRESETS.view });
    const requests = renderPage([project]);
    await userEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Leave Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Project' });
    expect(
      within(dialog).getByText(
        "If you leave this project, you will not be able to access it unless you're added as a member again.",
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave Project' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe(`/api/v1/permissions/${project.permission._id}`);
  });

  it('deletes only once the project name is typed', async () => {
    const project = makeProject('Budget');
    const requests = renderPage([project]);
    await userEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Project' });
    const submit = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    await userEvent.type(within(dialog).getByRole('textbox'), 'Budg');
    expect(within(dialog).getByText('Does not match')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox'), 'et');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe(`/api/v1/projects/${project._id}`);
  });

  it('says there is no other project to transfer assets to', async () => {
    renderPage([makeProject('Budget')]);
    await userEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Transfer Assets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Assets' });
    expect(within(dialog).getByText('You have no other projects to transfer assets to.')).toBeTruthy();
  });

  it('transfers a project to an active organization it may reach, after the warning', async () => {
    const project = makeProject('Budget');
    const requests = renderPage([project], makeUser(ROLE_PRESETS.root));
    await userEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Transfer Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Project' });
    expect(
      within(dialog).getByText(
        'After you transfer this project, the organization that currently owns it may lose administrative access.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Organization/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Acme Client']);
    await userEvent.click(screen.getByRole('option', { name: 'Acme Client' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ organizationId: client._id });
  });
});
