import { useMutation, useQuery } from '@tanstack/react-query';
import { api, TOKEN_STORAGE_KEY } from '@tessera/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client.ts';
import { pageErrorStore } from '../api/errors.ts';
import { queryClient } from '../api/queryClient.ts';
import i18n from '../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../ui/testing.tsx';
import { RootLayout } from './RootLayout.tsx';

const apiError = (status: number) => ({ status, body: { error: { code: 'x', message: 'failed' } } });

function OrganizationPage() {
  const org = useQuery({ queryKey: ['organizations', 'my'], queryFn: () => call(api.getMyOrganization), retry: false });
  return <p>{org.isPending ? 'loading' : 'organization page'}</p>;
}

function QuietPage() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => call(api.health),
    retry: false,
    meta: { pageError: false },
  });
  return <p>{health.isError ? 'handled here' : 'quiet page'}</p>;
}

function SaveButton() {
  const save = useMutation({ mutationFn: () => call(api.updateMyUser, { body: { name: { first: 'A', last: 'B' } } }) });
  return (
    <button type="button" onClick={() => save.mutate()}>
      save
    </button>
  );
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/projects', element: <p>project list</p> },
          { path: '/organization', element: <OrganizationPage /> },
          { path: '/quiet', element: <QuietPage /> },
          { path: '/save', element: <SaveButton /> },
          { path: '/login', element: <p>sign-in page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, queryClient);
  return router;
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  queryClient.clear();
  pageErrorStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the full-page error', () => {
  it('replaces the application when a query fails with 400 or more, and Go Home clears it', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    stubNetwork(() => apiError(500));
    const router = renderApp('/organization');
    expect(await screen.findByRole('heading', { name: 'Error 500' })).toBeTruthy();
    expect(screen.queryByText('organization page')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(await screen.findByText('project list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
    expect(pageErrorStore.get()).toBeNull();
  });

  it('shows the status of a 404 too', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    stubNetwork(() => apiError(404));
    renderApp('/organization');
    expect(await screen.findByRole('heading', { name: 'Error 404' })).toBeTruthy();
  });

  it('leaves alone a query that handles its own failure', async () => {
    stubNetwork(() => apiError(503));
    renderApp('/quiet');
    expect(await screen.findByText('handled here')).toBeTruthy();
    expect(pageErrorStore.get()).toBeNull();
  });

  it('is not raised by a failed mutation, whose form shows the error', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const requests = stubNetwork(() => apiError(400));
    renderApp('/save');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'save' })).toBeTruthy();
    expect(pageErrorStore.get()).toBeNull();
  });
});

describe('the end of a session', () => {
  it('a 401 on a query with a stored token removes the token and goes to /login', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked');
    stubNetwork(() => apiError(401));
    const router = renderApp('/organization');
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(pageErrorStore.get()).toBeNull();
  });

  it('a 401 on a mutation does the same', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked');
    stubNetwork(() => apiError(401));
    const router = renderApp('/save');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a 401 without a stored token (a wrong password) stays on the page', async () => {
    const requests = stubNetwork(() => apiError(401));
    const router = renderApp('/save');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/save');
  });
});

describe('the document language', () => {
  it('follows the chosen language', async () => {
    stubNetwork(() => undefined);
    renderApp('/projects');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    await i18n.changeLanguage('fr');
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
  });
});
