import { ROLE_PRESETS } from '@tessera/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client.ts';
import { errorUnder, renderRoutes, serveApi } from '../../ui/testSupport.tsx';
import { settingsRoutes } from '../settings/settingsTestRoutes.tsx';
import { CONSULTANT_ADMIN, IDS, INTERACTIVE, sampleOrganization, viewer } from './testFixtures.ts';

beforeEach(() => tokenStore.set('a-token'));

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const CLIENT = sampleOrganization({ _id: IDS.client, name: 'Client Co', type: 'client', consultantId: IDS.consultant });

describe('organization settings routes', INTERACTIVE, () => {
  it('opens the own organization on its first tab, with every tab for an organization admin', async () => {
    serveApi({
      'GET /api/v1/users/my': { body: viewer(ROLE_PRESETS.organizationAdmin) },
      'GET /api/v1/organizations/my': { body: sampleOrganization() },
    });
    const { router } = renderRoutes(settingsRoutes, '/settings/organizations/my');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/organizations/my/general'));
    expect(await screen.findByRole('textbox', { name: 'Organization Name' })).toBeTruthy();
    expect(tabNames()).toEqual(['General Settings', 'User Accounts', 'Projects', 'Login History']);
  });

  it('shows only the tabs whose role the viewer holds; another tab is the 404 page', async () => {
    const roles = { ...ROLE_PRESETS.viewOnly, editOrganizationSettings: true };
    serveApi({
      'GET /api/v1/users/my': { body: viewer(roles) },
      'GET /api/v1/organizations/my': { body: sampleOrganization() },
    });
    renderRoutes(settingsRoutes, '/settings/organizations/my/general');
    await screen.findByRole('textbox', { name: 'Organization Name' });
    expect(tabNames()).toEqual(['General Settings']);
  });

  it.each([
    [
      'a tab without its role',
      { ...ROLE_PRESETS.viewOnly, editOrganizationSettings: true },
      '/settings/organizations/my/users',
    ],
    ['the organization without editOrganizationSettings', ROLE_PRESETS.standard, '/settings/organizations/my'],
    ['the client list without manageClientOrganizations', ROLE_PRESETS.organizationAdmin, '/settings/clients'],
    ['all organizations without manageAllOrganizations', CONSULTANT_ADMIN, '/settings/root/organizations'],
    ['an unknown tab', ROLE_PRESETS.organizationAdmin, '/settings/organizations/my/nothing'],
  ])('answers the 404 page for %s', async (_, roles, path) => {
    serveApi({
      'GET /api/v1/users/my': { body: viewer(roles) },
      'GET /api/v1/organizations/my': { body: sampleOrganization() },
    });
    renderRoutes(settingsRoutes, path);
    expect(await screen.findByText('404')).toBeTruthy();
  });

  it('answers the 404 page for a client the server does not reveal', async () => {
    serveApi({ 'GET /api/v1/users/my': { body: viewer(CONSULTANT_ADMIN, IDS.consultant) } });
    renderRoutes(settingsRoutes, `/settings/clients/${IDS.independent}`);
    expect(await screen.findByText('404')).toBeTruthy();
  });

  it('sends root/* to the list of all organizations', async () => {
    serveApi({
      'GET /api/v1/users/my': { body: viewer(ROLE_PRESETS.root, IDS.rootOrg) },
      'GET /api/v1/organizations/my': { body: sampleOrganization({ _id: IDS.rootOrg, name: 'Product Operations' }) },
      'GET /api/v1/organizations': { body: [sampleOrganization({ _id: IDS.rootOrg, name: 'Product Operations' })] },
    });
    const { router } = renderRoutes(settingsRoutes, '/settings/root');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/root/organizations'));
    expect(await screen.findByRole('heading', { name: 'All Organizations' })).toBeTruthy();
  });
});

describe('General Settings', INTERACTIVE, () => {
  it('saves the name on blur only when it changed and is not empty', async () => {
    let organization = sampleOrganization();
    const api = serveApi({
      'GET /api/v1/users/my': { body: viewer(ROLE_PRESETS.organizationAdmin) },
      'GET /api/v1/organizations/my': () => ({ body: organization }),
      [`PUT /api/v1/organizations/${IDS.independent}`]: ({ body }) => {
        organization = { ...organization, ...(body as object) };
        return { body: organization };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/organizations/my/general');
    const name = await screen.findByRole('textbox', { name: 'Organization Name' });
    const puts = () => api.sent('PUT', `/api/v1/organizations/${IDS.independent}`);

    await user.click(name);
    await user.tab();
    expect(puts()).toHaveLength(0);

    await user.clear(name);
    await user.tab();
    expect(errorUnder(name)).toBe('Required');
    expect(puts()).toHaveLength(0);

    await user.type(name, ' Acme Labs ');
    await user.tab();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ name: 'Acme Labs' });
  });

  it('has no Active toggle nor Delete on one’s own organization', async () => {
    serveApi({
      'GET /api/v1/users/my': { body: viewer(ROLE_PRESETS.root, IDS.rootOrg) },
      'GET /api/v1/organizations/my': { body: sampleOrganization({ _id: IDS.rootOrg }) },
      'GET /api/v1/organizations': { body: [] },
    });
    renderRoutes(settingsRoutes, '/settings/organizations/my/general');
    expect(await screen.findByRole('switch', { name: /^Public Sharing/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Plan' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /^Active/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Organization' })).toBeNull();
  });

  it('deactivates a client and deletes it after its name is typed, then returns to the list', async () => {
    let client = CLIENT;
    const api = serveApi({
      'GET /api/v1/users/my': { body: viewer(CONSULTANT_ADMIN, IDS.consultant) },
      'GET /api/v1/organizations/my': { body: sampleOrganization({ _id: IDS.consultant, type: 'consultant' }) },
      [`GET /api/v1/organizations/${IDS.client}`]: () => ({ body: client }),
      [`PUT /api/v1/organizations/${IDS.client}`]: ({ body }) => {
        client = { ...client, ...(body as object) };
        return { body: client };
      },
      [`DELETE /api/v1/organizations/${IDS.client}`]: { body: { ok: true } },
      [`GET /api/v1/organizations/${IDS.consultant}/clients`]: { body: [] },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(settingsRoutes, `/settings/clients/${IDS.client}/general`);
    expect(screen.queryByRole('textbox', { name: 'Plan' })).toBeNull();
    await user.click(await screen.findByRole('switch', { name: /^Active/ }));
    await waitFor(() =>
      expect(api.sent('PUT', `/api/v1/organizations/${IDS.client}`)[0]?.body).toEqual({ active: false }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Organization' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type Client Co to confirm'), 'Client Co');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/clients'));
    expect(api.sent('DELETE', `/api/v1/organizations/${IDS.client}`)).toHaveLength(1);
  });
});

describe('organization logo', INTERACTIVE, () => {
  it('checks the file like user logos, then sends it as the multipart field logo', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const api = serveApi({
      'GET /api/v1/users/my': { body: viewer(ROLE_PRESETS.organizationAdmin) },
      'GET /api/v1/organizations/my': { body: sampleOrganization() },
      [`PUT /api/v1/organizations/${IDS.independent}/logo`]: { body: { logo } },
    });
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderRoutes(settingsRoutes, '/settings/organizations/my/general');
    const input = await screen.findByLabelText('Upload Logo');
    await user.upload(input, new File(['GIF89a'], 'logo.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('wrong file type');
    expect(api.sent('PUT', `/api/v1/organizations/${IDS.independent}/logo`)).toHaveLength(0);

    const bytes = new Uint8Array(200);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await user.upload(input, new File([bytes], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(api.sent('PUT', `/api/v1/organizations/${IDS.independent}/logo`)).toHaveLength(1));
    const body = api.sent('PUT', `/api/v1/organizations/${IDS.independent}/logo`)[0].body as FormData;
    expect((body.get('logo') as File).size).toBe(200);
  });
});

describe('Projects and Login History tabs', INTERACTIVE, () => {
  const serve = (projects: unknown[], log: unknown[]) =>
    serveApi({
      'GET /api/v1/users/my': { body: viewer(ROLE_PRESETS.organizationAdmin) },
      'GET /api/v1/organizations/my': { body: sampleOrganization() },
      [`GET /api/v1/projects/organizations/${IDS.independent}`]: { body: projects },
      [`GET /api/v1/logs/organizations/${IDS.independent}`]: { body: log },
    });

  it('lists the projects by name, each a link, or "No projects found."', async () => {
    const project = (id: string, name: string) => ({
      _id: id,
      name,
      organizationId: IDS.independent,
      public: false,
      timeCreated: '2025-01-02T03:04:05.000Z',
    });
    serve([project('c00000000000000000000002', 'Zeta'), project('c00000000000000000000001', 'Alpha')], []);
    renderRoutes(settingsRoutes, '/settings/organizations/my/projects');
    const links = await screen.findAllByRole('link', { name: /^Open / });
    expect(links.map((a) => a.textContent)).toEqual(['Alpha', 'Zeta']);
    expect(links[0].getAttribute('href')).toBe('/projects/c00000000000000000000001');
  });

  it('shows the empty states', async () => {
    serve([], []);
    const { router } = renderRoutes(settingsRoutes, '/settings/organizations/my/projects');
    expect(await screen.findByText('No projects found.')).toBeTruthy();
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Login History' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/organizations/my/log'));
    expect(await screen.findByText('No activity')).toBeTruthy();
  });

  it('shows the organization’s login events', async () => {
    serve(
      [],
      [
        {
          _id: 'd00000000000000000000001',
          type: 'login',
          email: 'ada@example.com',
          status: 'success',
          timeCreated: '2025-01-02T03:04:05.000Z',
        },
      ],
    );
    renderRoutes(settingsRoutes, '/settings/organizations/my/log');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
  });
});
