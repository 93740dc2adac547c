import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../api/client.ts';
import { settingsRoutes } from '../features/settings/settingsTestRoutes.tsx';
import { renderRoutes, sampleUser, serveApi } from '../ui/testSupport.tsx';

beforeEach(() => tokenStore.set('a-token'));

describe('settings routes', () => {
  it('sends /settings to the own account, on its Profile tab', async () => {
    serveApi({ 'GET /api/v1/users/my': { body: sampleUser() } });
    const { router } = renderRoutes(settingsRoutes, '/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users/my/profile'));
    expect((await screen.findByRole('tab', { name: 'Profile' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Password' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Login History' })).toBeTruthy();
  });

  it('switches tabs by path', async () => {
    serveApi({
      'GET /api/v1/users/my': { body: sampleUser() },
      'GET /api/v1/logs/users/0123456789abcdef01234567': { body: [] },
    });
    const { router } = renderRoutes(settingsRoutes, '/settings/users/my/profile');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('tab', { name: 'Login History' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users/my/log'));
    expect(await screen.findByText('No account activity')).toBeTruthy();
  });

  it.each([
    '/settings/organizations/my',
    '/settings/clients',
    '/settings/root/organizations',
    '/settings/users/my/nothing',
    '/settings/nothing',
  ])('answers the 404 page at %s for a standard user', async (path) => {
    serveApi({ 'GET /api/v1/users/my': { body: sampleUser() } });
    renderRoutes(settingsRoutes, path);
    expect(await screen.findByText('404')).toBeTruthy();
  });
});
