import { LOGO_MAX_BYTES } from '@tessera/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client.ts';
import { apiError, errorUnder, renderRoutes, sampleUser, serveApi } from '../../ui/testSupport.tsx';
import { settingsRoutes } from './settingsTestRoutes.tsx';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number, name = 'logo.png') => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return new File([bytes], name, { type: 'image/png' });
};

/** The account's server: GET and PUT users/my keep one user, logo uploads answer a data URL. */
function accountServer(extra: Parameters<typeof serveApi>[0] = {}) {
  let user = sampleUser();
  return serveApi({
    'GET /api/v1/users/my': () => ({ body: user }),
    'PUT /api/v1/users/my': ({ body }) => {
      user = { ...user, ...(body as object) };
      return { body: user };
    },
    ...extra,
  });
}

beforeEach(() => tokenStore.set('a-token'));

describe('Profile tab', () => {
  it('saves a name on blur only when it changed and is not empty', async () => {
    const api = accountServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/users/my/profile');
    const first = await screen.findByRole('textbox', { name: 'First Name' });
    expect((first as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).readOnly).toBe(true);

    // Focus and leave without a change: nothing is sent.
    await user.click(first);
    await user.tab();
    expect(api.sent('PUT', '/api/v1/users/my')).toHaveLength(0);

    // An empty name is refused on the spot.
    await user.clear(first);
    await user.tab();
    expect(errorUnder(first)).toBe('Required');
    expect(api.sent('PUT', '/api/v1/users/my')).toHaveLength(0);

    // A changed name is saved, trimmed, with the other part unchanged.
    await user.type(first, '  Augusta ');
    await user.tab();
    await waitFor(() => expect(api.sent('PUT', '/api/v1/users/my')).toHaveLength(1));
    expect(api.sent('PUT', '/api/v1/users/my')[0].body).toEqual({ name: { first: 'Augusta', last: 'Lovelace' } });
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Augusta'));
    expect(errorUnder(first)).toBe('');

    // Leaving again with the saved value sends nothing more.
    await user.click(first);
    await user.tab();
    expect(api.sent('PUT', '/api/v1/users/my')).toHaveLength(1);
  });

  it("shows the server's field error under the name", async () => {
    accountServer({
      'PUT /api/v1/users/my': apiError(400, 'validation', 'Some fields are not valid', { 'name.last': 'Too long' }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/users/my/profile');
    const last = await screen.findByRole('textbox', { name: 'Last Name' });
    await user.type(last, 'x');
    await user.tab();
    await waitFor(() => expect(errorUnder(last)).toBe('Too long'));
  });
});

describe('logo upload', () => {
  const upload = async (file: File) => {
    // The picker's accept filter is the browser's; the page must judge any file it is given.
    const user = userEvent.setup({ applyAccept: false, delay: null });
    await user.upload(await screen.findByLabelText('Upload Logo'), file);
  };

  it('refuses a file that is not a png, whatever its name, without sending it', async () => {
    const api = accountServer();
    renderRoutes(settingsRoutes, '/settings/users/my/profile');
    expect(await screen.findByText('Do not exceed 90 x 90 px')).toBeTruthy();
    await upload(new File(['GIF89a-not-a-png'], 'logo.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('wrong file type');
    expect(api.sent('PUT', '/api/v1/users/0123456789abcdef01234567/logo')).toHaveLength(0);
  });

  it('refuses a png of 16000 bytes or more without sending it', async () => {
    const api = accountServer();
    renderRoutes(settingsRoutes, '/settings/users/my/profile');
    await upload(png(LOGO_MAX_BYTES));
    expect((await screen.findByRole('alert')).textContent).toBe('file too large');
    expect(api.sent('PUT', '/api/v1/users/0123456789abcdef01234567/logo')).toHaveLength(0);
  });

  it('sends a small png as the multipart field logo and shows the new logo', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const api = accountServer({ 'PUT /api/v1/users/0123456789abcdef01234567/logo': { body: { logo } } });
    renderRoutes(settingsRoutes, '/settings/users/my/profile');
    const file = png(LOGO_MAX_BYTES - 1);
    await upload(file);
    await waitFor(() => expect(api.sent('PUT', '/api/v1/users/0123456789abcdef01234567/logo')).toHaveLength(1));
    const body = api.sent('PUT', '/api/v1/users/0123456789abcdef01234567/logo')[0].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('logo') as File).size).toBe(file.size);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Ada Lovelace' }).getAttribute('src')).toBe(logo));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's field error when the server refuses the file", async () => {
    accountServer({
      'PUT /api/v1/users/0123456789abcdef01234567/logo': apiError(400, 'validation', 'wrong file type', {
        logo: 'wrong file type',
      }),
    });
    renderRoutes(settingsRoutes, '/settings/users/my/profile');
    await upload(png(100));
    expect((await screen.findByRole('alert')).textContent).toBe('wrong file type');
  });
});
