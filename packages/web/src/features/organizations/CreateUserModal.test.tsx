import { ROLE_PRESETS } from '@tessera/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client.ts';
import { setLanguage } from '../../i18n/index.ts';
import { apiError, errorUnder, renderRoutes, serveApi } from '../../ui/testSupport.tsx';
import { settingsRoutes } from '../settings/settingsTestRoutes.tsx';
import { IDS, INTERACTIVE, member, sampleOrganization, viewer } from './testFixtures.ts';

beforeEach(() => tokenStore.set('a-token'));

const CREATE = '/api/v1/users';

function serve(create: Parameters<typeof serveApi>[0][string]) {
  return serveApi({
    'GET /api/v1/users/my': { body: viewer(ROLE_PRESETS.organizationAdmin) },
    'GET /api/v1/organizations/my': { body: sampleOrganization() },
    [`GET /api/v1/users/organizations/${IDS.independent}`]: { body: [] },
    [`POST ${CREATE}`]: create,
  });
}

async function openModal() {
  const user = userEvent.setup({ delay: null });
  renderRoutes(settingsRoutes, '/settings/organizations/my/users');
  await user.click(await screen.findByRole('button', { name: 'Create User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create User' });
  return { user, dialog, field: (name: string) => within(dialog).getByRole('textbox', { name }) };
}

describe('Create User modal', INTERACTIVE, () => {
  it('requires first, last, email and a role choice without asking the server', async () => {
    const api = serve({ body: member() });
    const { user, dialog, field } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(errorUnder(field('First Name'))).toBe('Required');
    expect(errorUnder(field('Last Name'))).toBe('Required');
    expect(errorUnder(field('Email'))).toBe('Required');
    // The fourth one is under the role choice.
    expect(within(dialog).getAllByText('Required', { selector: '.mantine-InputWrapper-error' })).toHaveLength(4);
    expect(api.sent('POST', CREATE)).toHaveLength(0);
  });

  it('offers no Product Admin choice to an organization admin', async () => {
    serve({ body: member() });
    const { dialog } = await openModal();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['organizationAdmin', 'standard', 'viewOnly', 'custom']);
  });

  it('stays open with the server’s field errors under first, last, email and roles', async () => {
    const api = serve(
      apiError(400, 'validation', 'Some fields are not valid', {
        first: 'Too long',
        last: 'Required',
        email: 'This email is already in use',
        'roles.manageAllOrganizations': 'You cannot grant a role you do not hold',
      }),
    );
    const { user, dialog, field } = await openModal();
    await user.type(field('First Name'), 'Grace');
    await user.type(field('Last Name'), 'Hopper');
    await user.type(field('Email'), 'Grace@Navy.MIL ');
    await user.click(within(dialog).getByRole('radio', { name: 'Standard' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(errorUnder(field('First Name'))).toBe('Too long'));
    expect(errorUnder(field('Last Name'))).toBe('Required');
    expect(errorUnder(field('Email'))).toBe('This email is already in use');
    expect(within(dialog).getByText('You cannot grant a role you do not hold')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create User' })).toBeTruthy();
    expect(api.sent('POST', CREATE)[0].body).toEqual({
      first: 'Grace',
      last: 'Hopper',
      email: 'grace@navy.mil',
      roles: ROLE_PRESETS.standard,
    });
    expect(api.sent('POST', CREATE)[0].query.get('organizationId')).toBe(IDS.independent);
  });

  it('translates the server’s messages', async () => {
    setLanguage('fr');
    serve(apiError(409, 'conflict', 'This email is already in use', { email: 'This email is already in use' }));
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/organizations/my/users');
    await user.click(await screen.findByRole('button', { name: 'Créer un utilisateur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer un utilisateur' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Grace');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Hopper');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'grace@navy.mil');
    await user.click(within(dialog).getByRole('radio', { name: 'Lecture seule' }));
    await user.click(within(dialog).getByRole('button', { name: "Créer l'utilisateur" }));
    await waitFor(() =>
      expect(errorUnder(within(dialog).getByRole('textbox', { name: 'E-mail' }))).toBe(
        'Cette adresse e-mail est déjà utilisée',
      ),
    );
  });

  it('closes on success with custom roles, and starts empty when opened again', async () => {
    const api = serve({ body: member() });
    const { user, dialog, field } = await openModal();
    await user.type(field('First Name'), 'Grace');
    await user.type(field('Last Name'), 'Hopper');
    await user.type(field('Email'), 'grace@navy.mil');
    await user.click(within(dialog).getByRole('radio', { name: 'Custom roles' }));
    // Options the organization admin lacks stay disabled.
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Manage All Organizations/Users' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Create/Edit Client Organizations' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'View Login History' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Create/Edit Projects' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create User' })).toBeNull());
    expect(api.sent('POST', CREATE)[0].body).toMatchObject({
      roles: { ...ROLE_PRESETS.viewOnly, viewOrganizationLogins: true, createProjects: true },
    });
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const again = await screen.findByRole('dialog', { name: 'Create User' });
    expect((within(again).getByRole('textbox', { name: 'First Name' }) as HTMLInputElement).value).toBe('');
    expect(
      within(again)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
  });
});
