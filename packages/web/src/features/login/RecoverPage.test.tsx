import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { apiError, errorUnder, renderRoutes, serveApi } from '../../ui/testSupport.tsx';
import { loginRoutes } from './loginTestRoutes.tsx';

async function request(email: string, label = 'Email', button = 'Send Reset') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(label), email);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('recover page', () => {
  it('refuses an invalid email without asking the server', async () => {
    const api = serveApi({});
    renderRoutes(loginRoutes, '/login/recover');
    await request('not-an-email');
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Email'))).toBe('Not a valid email address'));
    expect(api.sent('POST', '/api/v1/login/forgot')).toHaveLength(0);
  });

  it('sends the lower-cased email and shows the confirmation', async () => {
    const api = serveApi({ 'POST /api/v1/login/forgot': { body: { ok: true } } });
    renderRoutes(loginRoutes, '/login/recover');
    await request(' Ada@Example.com ');
    expect(await screen.findByText('Please check your email for instructions')).toBeTruthy();
    expect(api.sent('POST', '/api/v1/login/forgot')[0].body).toEqual({ email: 'ada@example.com' });
  });

  it("shows the server's field error under the email, translated", async () => {
    setLanguage('fr');
    serveApi({
      'POST /api/v1/login/forgot': apiError(400, 'validation', 'Some fields are not valid', {
        email: 'Not a valid email address',
      }),
    });
    renderRoutes(loginRoutes, '/login/recover');
    await request('ada@example.com', 'E-mail', 'Envoyer le lien');
    await waitFor(() => expect(errorUnder(screen.getByLabelText('E-mail'))).toBe('Adresse e-mail non valide'));
    expect(screen.queryByText('Veuillez consulter vos e-mails pour connaître la marche à suivre')).toBeNull();
  });

  it('goes back to the sign-in page', async () => {
    serveApi({});
    const { router } = renderRoutes(loginRoutes, '/login/recover');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
