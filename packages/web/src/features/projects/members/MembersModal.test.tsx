import { type MyProject, PROJECT_ROLE_PRESETS, ROLE_PRESETS, type User } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../../api/session.ts';
import i18n from '../../../i18n/index.ts';
import { makeUser, onlyRole, renderWithProviders, stubNetwork, testQueryClient } from '../../../ui/testing.tsx';
import { makeMember, makeOrganization, makeProject, ORG_ID, rolesWith } from '../testFixtures.ts';
import { MembersModal } from './MembersModal.tsx';

const me = makeUser(ROLE_PRESETS.standard);
const own = makeOrganization('Initech', { _id: ORG_ID });
/** The editor holds: dashboards edit, datasets view, models and packages edit, forms hidden, editMembers. */
const editorRoles = rolesWith({
  dashboard: 'edit',
  dataset: 'view',
  model: 'edit',
  package: 'edit',
  editMembers: true,
});
const project = makeProject('Budget', { roles: editorRoles });
const grace = makeMember(project._id, { first: 'Grace', last: 'Hopper' });
const myself = makeMember(project._id, { _id: me._id, first: 'Ada', last: 'Lovelace' }, editorRoles);
const candidate = { ...makeMember(project._id, { first: 'Alan', last: 'Turing' }).user };

interface Setup {
  members?: unknown[];
  candidates?: unknown[];
  user?: User;
  target?: MyProject;
}

function renderModal({ members = [myself, grace], candidates = [candidate], user = me, target = project }: Setup = {}) {
  const requests = stubNetwork((key) => {
    if (key === `GET /api/v1/permissions/projects/${target._id}`) return { status: 200, body: members };
    if (key.startsWith(`GET /api/v1/permissions/projects/${target._id}/candidates`))
      return { status: 200, body: candidates };
    if (key === 'GET /api/v1/organizations') return { status: 200, body: [makeOrganization('Globex')] };
    if (key.startsWith('PUT /api/v1/permissions/')) return { status: 200, body: grace };
    if (key === 'POST /api/v1/permissions')
      return { status: 200, body: makeMember(target._id, { first: 'Alan', last: 'Turing' }) };
    return undefined;
  });
  const client = testQueryClient();
  client.setQueryData(sessionKeys.me, user);
  client.setQueryData(sessionKeys.myOrganization, own);
  renderWithProviders(<MembersModal project={target} onClose={() => {}} />, client);
  return requests;
}

const radio = (group: string, level: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: level }) as HTMLInputElement;

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Modals, menus and comboboxes render slowly in jsdom; a busy machine needs more than the default 5 s.
describe('Edit Members', { timeout: 20_000 }, () => {
  it('says "No Project Members" when there is none', async () => {
    renderModal({ members: [] });
    expect(await screen.findByText('No Project Members')).toBeTruthy();
  });

  it('neither changes nor removes a member who holds more rights than the editor (the creator)', async () => {
    const creator = makeMember(project._id, { first: 'Grete', last: 'Creator' }, PROJECT_ROLE_PRESETS.full);
    renderModal({ members: [myself, creator, grace] });
    const remove = (await screen.findByRole('button', { name: 'Remove Grete Creator' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove Grace Hopper' }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Edit role of Grete Creator' }));
    const said = await screen.findAllByText('You cannot change or remove a member who holds more rights than you.');
    expect(said.length).toBeGreaterThan(0);
    const group = screen.getByRole('radiogroup', { name: 'Role of Grete Creator: Dashboards access' });
    expect((within(group).getByRole('radio', { name: 'Hidden' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('disables every option the editor could not grant', async () => {
    renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role of Grace Hopper' }));
    const of = (area: string) => `Role of Grace Hopper: ${area} access`;
    // Edit is disabled where the editor's own right is view; nothing above hidden where theirs is hidden.
    expect(radio(of('Datasets'), 'View').disabled).toBe(false);
    expect(radio(of('Datasets'), 'Edit').disabled).toBe(true);
    expect(radio(of('Dashboards'), 'Edit').disabled).toBe(false);
    expect(radio(of('Forms'), 'View').disabled).toBe(true);
    expect(radio(of('Forms'), 'Hidden').disabled).toBe(false);
    // A checkbox is disabled where the editor's right is absent.
    const row = screen.getByRole('radiogroup', { name: of('Forms') }).closest('.mantine-Paper-root') as HTMLElement;
    expect((within(row).getByRole('checkbox', { name: 'Edit Members' }) as HTMLInputElement).disabled).toBe(false);
    expect((within(row).getByRole('checkbox', { name: 'Edit Project' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('sets Packages with Models and saves the role', async () => {
    const requests = renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role of Grace Hopper' }));
    await userEvent.click(radio('Role of Grace Hopper: Models access', 'Edit'));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe(`/api/v1/permissions/${grace._id}`);
    expect(put?.body).toEqual({ roles: { ...PROJECT_ROLE_PRESETS.viewDashboards, model: 'edit', package: 'edit' } });
    expect(radio('Role of Grace Hopper: Packages access', 'Edit').checked).toBe(true);
  });

  it('shows the Packages level read-only, following Models', async () => {
    renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role of Grace Hopper' }));
    for (const level of ['Hidden', 'View', 'Edit']) {
      expect(radio('Role of Grace Hopper: Packages access', level).disabled).toBe(true);
    }
    expect(radio('Role of Grace Hopper: Models access', 'Edit').disabled).toBe(false);
    expect(screen.getAllByText('Follows Models').length).toBeGreaterThan(0);
  });

  it('keeps one’s own role read-only unless one manages the organization’s projects', async () => {
    renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role of Ada Lovelace' }));
    expect(screen.getAllByText('You cannot change your own role.').length).toBeGreaterThan(0);
    expect(radio('Role of Ada Lovelace: Dashboards access', 'View').disabled).toBe(true);
    cleanup();

    const manager = makeUser({ ...ROLE_PRESETS.standard, manageOrganizationProjects: true });
    renderModal({
      user: manager,
      members: [{ ...myself, userId: manager._id, user: { ...myself.user, _id: manager._id } }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit role of Ada Lovelace' }));
    expect(screen.queryAllByText('You cannot change your own role.')).toEqual([]);
    expect(radio('Role of Ada Lovelace: Dashboards access', 'View').disabled).toBe(false);
  });

  it('says when the organization has nobody left to add', async () => {
    renderModal({ candidates: [] });
    expect(await screen.findByText('No available users to share with in this organization.')).toBeTruthy();
  });

  it('adds the chosen users as View Dashboards by default', async () => {
    const requests = renderModal();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Users' }));
    await userEvent.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      projectId: project._id,
      userId: candidate._id,
      roles: PROJECT_ROLE_PRESETS.viewDashboards,
    });
  });

  it('offers the organizations the caller reaches beyond their own', async () => {
    const requests = renderModal({ user: makeUser(onlyRole('manageClientOrganizations')) });
    const select = await screen.findByRole('combobox', { name: 'Organization' });
    await vi.waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Initech', 'Globex']);
    await userEvent.click(screen.getByRole('option', { name: 'Globex' }));
    await vi.waitFor(() => expect(requests.some((r) => r.url.includes('candidates?organizationId='))).toBe(true));
  });
});
