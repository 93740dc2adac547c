import { ROLE_PRESETS } from '@tessera/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client.ts';
import { renderRoutes, serveApi } from '../../ui/testSupport.tsx';
import { settingsRoutes } from '../settings/settingsTestRoutes.tsx';
import { IDS, INTERACTIVE, member, sampleOrganization, viewer } from './testFixtures.ts';

beforeEach(() => tokenStore.set('a-token'));

const USERS_PATH = `/api/v1/users/organizations/${IDS.independent}`;
const me = viewer(ROLE_PRESETS.organizationAdmin);
const grace = member({
  name: { first: 'Grace', last: 'Hopper' },
  email: 'grace@navy.mil',
  roles: ROLE_PRESETS.standard,
});
const alan = member({
  _id: IDS.unclaimed,
  name: { first: 'Alan', last: 'Turing' },
  email: 'alan@bletchley.uk',
  roles: ROLE_PRESETS.viewOnly,
  needsReset: true,
});

function serve(users: unknown[], extra: Parameters<typeof serveApi>[0] = {}) {
  let list = users as Array<Record<string, unknown>>;
  return serveApi({
    'GET /api/v1/users/my': { body: me },
    'GET /api/v1/organizations/my': { body: sampleOrganization() },
    [`GET ${USERS_PATH}`]: () => ({ body: list }),
    [`PUT /api/v1/users/${IDS.other}`]: ({ body }) => {
      list = list.map((u) => (u._id === IDS.other ? { ...u, ...(body as object) } : u));
      return { body: list.find((u) => u._id === IDS.other) };
    },
    [`DELETE /api/v1/users/${IDS.other}`]: () => {
      list = list.filter((u) => u._id !== IDS.other);
      return { body: { ok: true } };
    },
    ...extra,
  });
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'User Accounts' }))
    .getAllByRole('listitem')
    .map((r) => r.getAttribute('aria-label'));

describe('User Accounts', INTERACTIVE, () => {
  it('says so when the organization has no users', async () => {
    serve([]);
    renderRoutes(settingsRoutes, '/settings/organizations/my/users');
    expect(await screen.findByText('There are no users in this organization.')).toBeTruthy();
  });

  it('searches by first name, last name and email, with re: for a regular expression', async () => {
    serve([alan, me, grace]);
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/organizations/my/users');
    await screen.findByRole('list', { name: 'User Accounts' });
    expect(rowNames()).toEqual(['Alan Turing', 'Ada Lovelace', 'Grace Hopper']);
    const search = screen.getByRole('textbox', { name: 'Search' });

    await user.type(search, 'Hoper');
    expect(rowNames()).toEqual(['Grace Hopper']);
    await user.clear(search);
    await user.type(search, 're:\\.(mil|uk)$');
    expect(rowNames()).toEqual(['Alan Turing', 'Grace Hopper']);
    await user.clear(search);
    await user.type(search, 'zzzzzz');
    expect(screen.getByText('Nothing matches this search.')).toBeTruthy();
    await user.clear(search);
    expect(rowNames()).toHaveLength(3);
  });

  it('shows each preset and offers no controls on one’s own user', async () => {
    serve([me, grace]);
    renderRoutes(settingsRoutes, '/settings/organizations/my/users');
    const own = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    const other = screen.getByRole('listitem', { name: 'Grace Hopper' });
    expect(within(own).getByText('Organization Admin')).toBeTruthy();
    expect(within(other).getByText('Standard')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Deactivate User' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(other).getByRole('button', { name: 'Deactivate User' })).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('leaves out the controls on a user holding a role the viewer lacks', async () => {
    const consultantUser = member({ roles: { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true } });
    serve([consultantUser]);
    renderRoutes(settingsRoutes, '/settings/organizations/my/users');
    const row = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(row).getByText('Custom roles')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Deactivate User' })).toBeNull();
  });

  it('resends an invitation: the button becomes "Email Sent" and the reset link is shown', async () => {
    const api = serve([alan], {
      [`POST /api/v1/users/${IDS.unclaimed}/resendEmail`]: { body: { ...alan, reset: { token: 'abc123' } } },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/organizations/my/users');
    const row = await screen.findByRole('listitem', { name: 'Alan Turing' });
    expect(within(row).getByText('Unclaimed Account')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Resend Email' }));
    const sent = await within(row).findByRole('button', { name: 'Email Sent' });
    expect((sent as HTMLButtonElement).disabled).toBe(true);
    expect(within(row).getByRole('link').getAttribute('href')).toBe(`${window.location.origin}/login/reset/abc123`);
    expect(api.sent('POST', `/api/v1/users/${IDS.unclaimed}/resendEmail`)).toHaveLength(1);
  });

  it('deactivates and reactivates a user, and deletes one after confirming', async () => {
    const api = serve([grace]);
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/organizations/my/users');
    const row = await screen.findByRole('listitem', { name: 'Grace Hopper' });
    await user.click(within(row).getByRole('button', { name: 'Deactivate User' }));
    await within(row).findByRole('button', { name: 'Reactivate User' });
    expect(within(row).getByText('Inactive')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Reactivate User' }));
    await within(row).findByRole('button', { name: 'Deactivate User' });
    expect(api.sent('PUT', `/api/v1/users/${IDS.other}`).map((r) => r.body)).toEqual([
      { active: false },
      { active: true },
    ]);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).toBeNull());
    expect(api.sent('DELETE', `/api/v1/users/${IDS.other}`)).toHaveLength(1);
  });

  it('opens a user in a modal with Profile and Login History only, and saves a role change', async () => {
    const api = serve([grace], { [`GET /api/v1/logs/users/${IDS.other}`]: { body: [] } });
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/organizations/my/users');
    await user.click(await screen.findByRole('button', { name: 'Open the settings of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Profile', 'Login History']);
    expect((within(dialog).getByRole('textbox', { name: 'First Name' }) as HTMLInputElement).value).toBe('Grace');
    expect((within(dialog).getByRole('radio', { name: 'Standard' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: 'View Only' }));
    await waitFor(() => expect(api.sent('PUT', `/api/v1/users/${IDS.other}`)).toHaveLength(1));
    expect(api.sent('PUT', `/api/v1/users/${IDS.other}`)[0].body).toEqual({ roles: ROLE_PRESETS.viewOnly });
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: 'Grace Hopper' })).getByText('View Only')).toBeTruthy(),
    );

    await user.click(within(dialog).getByRole('tab', { name: 'Login History' }));
    expect(await within(dialog).findByText('No account activity')).toBeTruthy();
  });
});
