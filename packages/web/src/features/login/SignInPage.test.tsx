import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client.ts';
import { apiError, errorUnder, renderRoutes, serveApi } from '../../ui/testSupport.tsx';
import { loginRoutes } from './loginTestRoutes.tsx';

const RESET_CODE = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

async function signIn(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  const emailInput = await screen.findByLabelText('Email');
  await user.clear(emailInput);
  await user.type(emailInput, email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

afterEach(() => vi.restoreAllMocks());

describe('sign-in page', () => {
  it('shows the labels of the spec and prefills the email from the query', async () => {
    serveApi({ 'GET /api/v1/login/options': { body: { microsoft: true } } });
    renderRoutes(loginRoutes, '/login?email=ada%40example.com');
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/login/recover');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(await screen.findByText('--- or ---')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeTruthy();
  });

  it('offers no single sign-on when the server has none configured', async () => {
    serveApi({ 'GET /api/v1/login/options': { body: { microsoft: false } } });
    renderRoutes(loginRoutes, '/login');
    await screen.findByLabelText('Email');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in with Microsoft' })).toBeNull());
    expect(screen.queryByText('--- or ---')).toBeNull();
  });

  it('logs out on display: DELETE /api/v1/logout with the stored token, then forgets it', async () => {
    tokenStore.set('old-token');
    const api = serveApi({ 'DELETE /api/v1/logout': { body: { ok: true } } });
    renderRoutes(loginRoutes, '/login');
    await waitFor(() => expect(tokenStore.get()).toBeNull());
    const sent = api.sent('DELETE', '/api/v1/logout');
    expect(sent).toHaveLength(1);
    expect(sent[0].headers.get('authorization')).toBe('Bearer old-token');
  });

  it('sends nothing to log out when no token is stored', async () => {
    const api = serveApi({});
    renderRoutes(loginRoutes, '/login');
    await screen.findByLabelText('Email');
    expect(api.sent('DELETE', '/api/v1/logout')).toHaveLength(0);
  });

  it('stores the access token and goes to /projects', async () => {
    const api = serveApi({ 'POST /api/v1/login': { body: { accessToken: 'new-token' } } });
    const { router } = renderRoutes(loginRoutes, '/login');
    await signIn('ada@example.com', 'Secret-pass-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(tokenStore.get()).toBe('new-token');
    expect(api.sent('POST', '/api/v1/login')[0].body).toEqual({ email: 'ada@example.com', password: 'Secret-pass-1' });
  });

  it('keeps the new token when a sign-out was still under way', async () => {
    tokenStore.set('old-token');
    let finishLogout: () => void = () => {};
    serveApi({
      'DELETE /api/v1/logout': () => new Promise((resolve) => (finishLogout = () => resolve({ body: { ok: true } }))),
      'POST /api/v1/login': { body: { accessToken: 'new-token' } },
    });
    const { router } = renderRoutes(loginRoutes, '/login');
    await signIn('ada@example.com', 'Secret-pass-1');
    finishLogout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(tokenStore.get()).toBe('new-token');
  });

  it('goes to the reset page of an unclaimed account', async () => {
    serveApi({ 'POST /api/v1/login': { body: { reset: true, resetCode: RESET_CODE } } });
    const { router } = renderRoutes(loginRoutes, '/login');
    await signIn('new@example.com', 'temporary');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/login/reset/${RESET_CODE}`));
    expect(tokenStore.get()).toBeNull();
  });

  it('shows "Something went wrong" under both fields on a wrong password', async () => {
    serveApi({ 'POST /api/v1/login': apiError(401, 'unauthorized', 'Something went wrong') });
    const { router } = renderRoutes(loginRoutes, '/login');
    await signIn('ada@example.com', 'wrong');
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Email'))).toBe('Something went wrong'));
    expect(errorUnder(screen.getByLabelText('Password'))).toBe('Something went wrong');
    expect(router.state.location.pathname).toBe('/login');
    expect(tokenStore.get()).toBeNull();
  });

  it("shows the server's message under the password when rate-limited", async () => {
    const message = 'Too many sign-in attempts. Please wait a few minutes and try again.';
    serveApi({ 'POST /api/v1/login': apiError(429, 'rate-limited', message) });
    renderRoutes(loginRoutes, '/login');
    await signIn('ada@example.com', 'wrong');
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Password'))).toBe(message));
    expect(errorUnder(screen.getByLabelText('Email'))).toBe('');
  });

  it('starts the Microsoft sign-in with the email as hint when the account must use it', async () => {
    const popup = { closed: false, focus: vi.fn(), close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    serveApi({
      'GET /api/v1/login/options': { body: { microsoft: true } },
      'POST /api/v1/login': { body: { triggerThirdPartyLogin: true } },
    });
    renderRoutes(loginRoutes, '/login');
    await signIn('sso@example.com', 'anything');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0][0]).toBe('/api/v1/login/microsoft/authorize?loginHint=sso%40example.com');
    expect(tokenStore.get()).toBeNull();
  });
});
