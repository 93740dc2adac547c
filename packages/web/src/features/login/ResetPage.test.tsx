import { PASSWORD_RULE_MESSAGES, PASSWORD_RULES, TOAST_MS } from '@tessera/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/login.json';
import { apiError, errorUnder, renderRoutes, serveApi, shownToasts } from '../../ui/testSupport.tsx';
import { loginRoutes } from './loginTestRoutes.tsx';

const CODE = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const CHECK = `GET /api/v1/login/reset/${CODE}`;
const RESET = `POST /api/v1/login/reset/${CODE}`;
const passed = () =>
  PASSWORD_RULES.map((rule) => document.querySelector(`[data-rule="${rule}"]`)?.getAttribute('data-passed'));

async function type(password: string, confirmation: string) {
  const user = userEvent.setup({ delay: null });
  const [newInput, confirmInput] = [
    await screen.findByLabelText('New Password'),
    screen.getByLabelText('Confirm Password'),
  ];
  // Pasted rather than typed key by key: the checklist follows every change either way, and pasting keeps
  // the test fast on a busy machine.
  await user.clear(newInput);
  await user.paste(password);
  await user.clear(confirmInput);
  await user.paste(confirmation);
  return user;
}

describe('reset page', () => {
  it("shows the checklist in the spec's words, the same the server answers with", () => {
    for (const rule of PASSWORD_RULES) expect(en.rules[rule]).toBe(PASSWORD_RULE_MESSAGES[rule]);
  });

  it('goes back to /login when the code does not check out', async () => {
    serveApi({ [CHECK]: apiError(404, 'not-found', 'This link is no longer valid') });
    const { router } = renderRoutes(loginRoutes, `/login/reset/${CODE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('does nothing until every rule passes, then resets and returns to /login with the toast', async () => {
    const api = serveApi({ [CHECK]: { body: { email: 'ada@example.com' } }, [RESET]: { body: { ok: true } } });
    const { router } = renderRoutes(loginRoutes, `/login/reset/${CODE}`);
    expect(await screen.findByText('Choose a new password for ada@example.com.')).toBeTruthy();
    expect(passed()).toEqual(['false', 'false', 'false', 'false']);

    const cases: [string, string, string[]][] = [
      ['Short!', 'Short!', ['false', 'true', 'true', 'true']],
      ['longenough!', 'longenough!', ['true', 'true', 'false', 'true']],
      ['Longenough1', 'Longenough1', ['true', 'false', 'true', 'true']],
      ['Longenough!', 'Longenough?', ['true', 'true', 'true', 'false']],
    ];
    for (const [password, confirmation, expected] of cases) {
      const user = await type(password, confirmation);
      expect(passed()).toEqual(expected);
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    }
    expect(api.sent('POST', `/api/v1/login/reset/${CODE}`)).toHaveLength(0);

    const user = await type('Longenough!', 'Longenough!');
    expect(passed()).toEqual(['true', 'true', 'true', 'true']);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.sent('POST', `/api/v1/login/reset/${CODE}`)[0].body).toEqual({
      password: 'Longenough!',
      confirmPassword: 'Longenough!',
    });
    expect(shownToasts()).toEqual([{ message: 'Password successfully reset', autoClose: TOAST_MS.passwordReset }]);
    expect(await screen.findByText('Password successfully reset')).toBeTruthy();
  }, 20_000);

  it("shows the server's refusal under the new password", async () => {
    serveApi({
      [CHECK]: { body: { email: 'ada@example.com' } },
      [RESET]: apiError(400, 'validation', 'Must contain a capital letter.', {
        password: 'Must contain a capital letter.',
      }),
    });
    const { router } = renderRoutes(loginRoutes, `/login/reset/${CODE}`);
    const user = await type('Longenough!', 'Longenough!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(errorUnder(screen.getByLabelText('New Password'))).toBe('Must contain a capital letter.'),
    );
    expect(router.state.location.pathname).toBe(`/login/reset/${CODE}`);
  });
});
