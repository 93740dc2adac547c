import { PROJECT_ROLE_PRESETS } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { makeUser, renderWithProviders } from '../ui/testing.tsx';
import { ShellTitle } from './ShellTitle.tsx';
import { shellTitleKey } from './shellTitle.ts';

function titleAt(path: string, project: Parameters<typeof ShellTitle>[0]['project'] = null) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ShellTitle user={makeUser()} project={project} />
    </MemoryRouter>,
  );
  return screen.queryByRole('heading', { level: 1 })?.textContent ?? null;
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(cleanup);

describe('the navigation bar title per path', () => {
  it.each([
    ['/projects', 'Welcome Ada'],
    ['/projects/', 'Welcome Ada'],
    ['/settings/users/my', 'User Settings'],
    ['/settings/users/my/password', 'User Settings'],
    ['/settings/organizations/my/general', 'Organization Settings'],
    ['/settings/clients', 'Client Organizations'],
    ['/settings/clients/64b7f0c2a1b2c3d4e5f60799/users', 'Client Organizations'],
    ['/settings/root/organizations', 'Product Operations'],
    ['/settings/root/organizations/64b7f0c2a1b2c3d4e5f60799/log', 'Product Operations'],
  ])('%s → %s', (path, title) => {
    expect(titleAt(path)).toBe(title);
  });

  it('shows no title on a path it does not name (the 404 page)', () => {
    expect(titleAt('/nowhere')).toBeNull();
    expect(shellTitleKey('/settings/rooted')).toBeNull();
    expect(shellTitleKey('/projectsx')).toBeNull();
  });

  it('greets in French', async () => {
    await i18n.changeLanguage('fr');
    expect(titleAt('/projects')).toBe('Bienvenue Ada');
    cleanup();
    expect(titleAt('/settings/root/organizations')).toBe('Opérations produit');
  });

  it('shows the project name with the organization logo inside a project', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const title = titleAt('/projects/64b7f0c2a1b2c3d4e5f60701/datasets', {
      _id: '64b7f0c2a1b2c3d4e5f60701',
      name: 'Harbour traffic',
      organizationLogo: logo,
      roles: PROJECT_ROLE_PRESETS.view,
    });
    expect(title).toBe('Harbour traffic');
    expect(screen.getByRole('img', { name: 'Organization logo' }).getAttribute('src')).toBe(logo);
  });
});
