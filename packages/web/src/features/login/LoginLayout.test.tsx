import { LANGUAGE_STORAGE_KEY } from '@tessera/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, serveApi } from '../../ui/testSupport.tsx';
import { loginRoutes } from './loginTestRoutes.tsx';

describe('login layout', () => {
  it('shows the product logo without an organization parameter', async () => {
    serveApi({});
    renderRoutes(loginRoutes, '/login');
    expect(await screen.findByRole('img', { name: 'Tessera' })).toBeTruthy();
    expect(screen.queryByText('Partner Network')).toBeNull();
  });

  it('shows the partner logo for organization=partner, and its French variant in French', async () => {
    serveApi({});
    renderRoutes(loginRoutes, '/login?organization=partner');
    expect(await screen.findByRole('img', { name: 'Partner Network, powered by Tessera' })).toBeTruthy();
    expect(screen.getByText('Partner Network')).toBeTruthy();

    // The EN/FR toggle switches the language, remembers it, and the logo and labels follow.
    await userEvent.setup({ delay: null }).click(screen.getByText('FR'));
    expect(await screen.findByRole('img', { name: 'Réseau Partenaires, propulsé par Tessera' })).toBeTruthy();
    expect(screen.getByText('Réseau Partenaires')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });
});
