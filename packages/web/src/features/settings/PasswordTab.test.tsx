import { TOAST_MS } from '@tessera/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client.ts';
import { apiError, errorUnder, renderRoutes, sampleUser, serveApi, shownToasts } from '../../ui/testSupport.tsx';
import { settingsRoutes } from './settingsTestRoutes.tsx';

beforeEach(() => tokenStore.set('a-token'));

async function fill(current: string, next: string, confirmation: string) {
  const user = userEvent.setup({ delay: null });
  for (const [label, value] of [
    ['Current Password', current],
    ['New Password', next],
    ['Confirm Password', confirmation],
  ]) {
    await user.click(await screen.findByLabelText(label));
    await user.paste(value);
  }
  return user;
}

const rule = (name: string) => document.querySelector(`[data-rule="${name}"]`)?.getAttribute('data-passed');

describe('Password tab', () => {
  it('does nothing until every rule of the live checklist passes', async () => {
    const api = serveApi({ 'GET /api/v1/users/my': { body: sampleUser() } });
    renderRoutes(settingsRoutes, '/settings/users/my/password');
    const user = await fill('Old-pass-1', 'abcdefgh', 'abcdefg');
    expect(screen.getByText('Must be at least 8 characters.')).toBeTruthy();
    expect([rule('length'), rule('special'), rule('capital'), rule('match')]).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(api.sent('PUT', '/api/v1/users/my/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New Password'));
    await user.paste('Abcdefg!');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.paste('Abcdefg?');
    expect(rule('match')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(api.sent('PUT', '/api/v1/users/my/password')).toHaveLength(0);
  });

  it('updates the password and shows the toast for 3 seconds', async () => {
    const api = serveApi({
      'GET /api/v1/users/my': { body: sampleUser() },
      'PUT /api/v1/users/my/password': { body: { ok: true } },
    });
    renderRoutes(settingsRoutes, '/settings/users/my/password');
    const user = await fill('Old-pass-1', 'New-pass-2', 'New-pass-2');
    expect([rule('length'), rule('special'), rule('capital'), rule('match')]).toEqual(['true', 'true', 'true', 'true']);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(shownToasts()).toEqual([{ message: 'Password updated successfully', autoClose: TOAST_MS.passwordUpdated }]);
    expect(api.sent('PUT', '/api/v1/users/my/password')[0].body).toEqual({
      currentPassword: 'Old-pass-1',
      password: 'New-pass-2',
      confirmPassword: 'New-pass-2',
    });
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's error under Current Password when it is wrong", async () => {
    serveApi({
      'GET /api/v1/users/my': { body: sampleUser() },
      'PUT /api/v1/users/my/password': apiError(400, 'validation', 'Wrong password', {
        currentPassword: 'Wrong password',
      }),
    });
    renderRoutes(settingsRoutes, '/settings/users/my/password');
    const user = await fill('not-it', 'New-pass-2', 'New-pass-2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Current Password'))).toBe('Wrong password'));
    expect(shownToasts()).toEqual([]);
  });
});
