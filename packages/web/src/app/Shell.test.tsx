import { ROLE_PRESETS, SUPPORT_EMAIL, TOKEN_STORAGE_KEY } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectListPage } from '../features/projects/ProjectListPage.tsx';
import i18n from '../i18n/index.ts';
import { makeUser, never, renderWithProviders, stubNetwork } from '../ui/testing.tsx';
import { Shell } from './Shell.tsx';

function renderShell() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>sign-in page</p> },
      { path: '/', element: <Shell />, children: [{ path: 'projects', element: <ProjectListPage /> }] },
    ],
    { initialEntries: ['/projects'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const health = { status: 200, body: { status: 'ok', version: '1.4.2', database: 'pglite' } };

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the shell', () => {
  it('sends a visitor without a token to /login', async () => {
    const requests = stubNetwork(() => undefined);
    const router = renderShell();
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests).toEqual([]);
  });

  it('shows a loader while the user loads', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    stubNetwork(() => never());
    renderShell();
    expect(screen.getByLabelText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('greets the user on /projects, with the empty list, the bar and the footer', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const requests = stubNetwork((key) => {
      if (key === 'GET /api/v1/users/my') return { status: 200, body: makeUser(ROLE_PRESETS.organizationAdmin) };
      if (key === 'GET /api/v1/health') return health;
      if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
      return undefined;
    });
    renderShell();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Ada' })).toBeTruthy();
    expect(await screen.findByText('No projects available.')).toBeTruthy();
    expect(document.title).toBe('Welcome Ada · Tessera');
    // The first stop of the Tab key skips the bar to the page, a landmark of its own.
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    expect(screen.getByRole('main').id).toBe(skip.getAttribute('href')?.slice(1));
    expect(requests.find((r) => r.url === '/api/v1/users/my')?.authorization).toBe('Bearer token');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/projects');
    expect(within(bar).getByRole('button', { name: 'User menu' })).toBeTruthy();
    // Outside a project there are no project tabs.
    expect(screen.queryByRole('navigation', { name: 'Project areas' })).toBeNull();

    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText(/Version 1\.4\.2/)).toBeTruthy();
    expect(within(footer).getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  it('opens the Privacy Policy and Terms of Service from the footer', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    stubNetwork((key) => (key === 'GET /api/v1/users/my' ? { status: 200, body: makeUser() } : health));
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Privacy Policy' }));
    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(within(privacy).getByText(/not sold/)).toBeTruthy();
    await userEvent.click(within(privacy).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Terms of Service' }));
    expect(await screen.findByRole('dialog', { name: 'Terms of Service' })).toBeTruthy();
  });

  it('switches the whole shell to French', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    stubNetwork((key) => {
      if (key === 'GET /api/v1/users/my') return { status: 200, body: makeUser() };
      if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
      return health;
    });
    renderShell();
    const bar = await screen.findByRole('banner');
    await userEvent.click(within(bar).getByText('FR'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue Ada' })).toBeTruthy();
    expect(screen.getByText('Aucun projet disponible.')).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('fr');
    expect(screen.getByRole('button', { name: 'Politique de confidentialité' })).toBeTruthy();
  });
});
