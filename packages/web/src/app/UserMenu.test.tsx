import { ROLE_PRESETS, TOKEN_STORAGE_KEY } from '@tessera/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { makeUser, onlyRole, renderWithProviders, stubNetwork } from '../ui/testing.tsx';
import { UserMenu } from './UserMenu.tsx';
import { userMenuLinks } from './userMenu.ts';

function renderMenu(roles = ROLE_PRESETS.standard) {
  const router = createMemoryRouter(
    [
      { path: '/projects', element: <UserMenu user={makeUser(roles)} /> },
      { path: '/login', element: <p>sign-in page</p> },
      { path: '/settings/*', element: <p>settings page</p> },
    ],
    { initialEntries: ['/projects'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

async function openMenu(label = 'User menu') {
  await userEvent.click(screen.getByRole('button', { name: label }));
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('user menu items by role', () => {
  it('offers a view-only user their account and Log Out only', async () => {
    renderMenu(ROLE_PRESETS.viewOnly);
    expect(await openMenu()).toEqual(['Account Settings', 'Log Out']);
  });

  it('adds Organization Settings for an organization admin', async () => {
    renderMenu(ROLE_PRESETS.organizationAdmin);
    expect(await openMenu()).toEqual(['Account Settings', 'Organization Settings', 'Log Out']);
  });

  it('adds Client Organizations for manageClientOrganizations alone', async () => {
    renderMenu(onlyRole('manageClientOrganizations'));
    expect(await openMenu()).toEqual(['Account Settings', 'Client Organizations', 'Log Out']);
  });

  it('offers every item to the product admin, each linking to its settings page', async () => {
    renderMenu(ROLE_PRESETS.root);
    expect(await openMenu()).toEqual([
      'Account Settings',
      'Organization Settings',
      'Client Organizations',
      'Manage All Organizations',
      'Log Out',
    ]);
    const hrefs = screen.getAllByRole('menuitem').map((item) => item.getAttribute('href'));
    expect(hrefs).toEqual([
      '/settings/users/my',
      '/settings/organizations/my',
      '/settings/clients',
      '/settings/root/organizations',
      null,
    ]);
  });

  it('names the items in French', async () => {
    await i18n.changeLanguage('fr');
    renderMenu(ROLE_PRESETS.root);
    expect(await openMenu('Menu utilisateur')).toContain('Gérer toutes les organisations');
  });

  it('lists the same links as the pure rule', () => {
    expect(userMenuLinks(onlyRole('editOrganizationSettings')).map((l) => l.key)).toEqual([
      'accountSettings',
      'organizationSettings',
    ]);
    expect(userMenuLinks(onlyRole('createProjects')).map((l) => l.key)).toEqual(['accountSettings']);
  });
});

describe('Log Out', () => {
  it('revokes the stored token on the server, forgets it and goes to /login', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'secret-token');
    const requests = stubNetwork((key) =>
      key === 'DELETE /api/v1/logout' ? { status: 200, body: { ok: true } } : undefined,
    );
    const router = renderMenu();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests).toEqual([
      { method: 'DELETE', url: '/api/v1/logout', authorization: 'Bearer secret-token', body: undefined },
    ]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByText('sign-in page')).toBeTruthy();
  });

  it('sends nothing without a stored token and still goes to /login', async () => {
    const requests = stubNetwork(() => undefined);
    const router = renderMenu();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests).toEqual([]);
  });

  it('goes to /login even when the server no longer knows the token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked-token');
    stubNetwork(() => ({ status: 401, body: { error: { code: 'unauthorized', message: 'Sign in' } } }));
    const router = renderMenu();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
