import { ROLE_PRESETS, type User } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../../api/session.ts';
import i18n from '../../../i18n/index.ts';
import { makeUser, renderWithProviders, stubNetwork, testQueryClient } from '../../../ui/testing.tsx';
import { makeProject } from '../testFixtures.ts';
import { ProjectListPage } from './ProjectListPage.tsx';

const projects = [makeProject('Zeta Survey'), makeProject('churn analysis'), makeProject('Alpha Pilot')];

function renderList(list: unknown[], user: User = makeUser()) {
  const requests = stubNetwork((key) => {
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: list };
    if (key === 'POST /api/v1/projects') return { status: 200, body: makeProject('New') };
    return undefined;
  });
  const client = testQueryClient();
  client.setQueryData(sessionKeys.me, user);
  const router = createMemoryRouter(
    [
      { path: '/projects', element: <ProjectListPage /> },
      { path: '/projects/:projectId', element: <p>project opened</p> },
    ],
    { initialEntries: ['/projects'] },
  );
  renderWithProviders(<RouterProvider router={router} />, client);
  return { router, requests };
}

const shownNames = () => screen.getAllByRole('link').map((link) => within(link).getAllByText(/./)[0].textContent);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Modals, menus and comboboxes render slowly in jsdom; a busy machine needs more than the default 5 s.
describe('the project list page', { timeout: 20_000 }, () => {
  it('lists the projects sorted by name, each opening by its id', async () => {
    const { router } = renderList(projects);
    await screen.findByText('Zeta Survey');
    expect(shownNames()).toEqual(['Alpha Pilot', 'churn analysis', 'Zeta Survey']);
    await userEvent.click(screen.getByRole('link', { name: 'Open churn analysis' }));
    expect(router.state.location.pathname).toBe(`/projects/${projects[1]._id}`);
  });

  it('filters by name, and says "No projects found." when nothing matches', async () => {
    renderList(projects);
    const search = await screen.findByRole('searchbox', { name: 'Search projects' });
    await userEvent.type(search, 'zeta');
    expect(shownNames()).toEqual(['Zeta Survey']);
    await userEvent.clear(search);
    await userEvent.type(search, 'qwxz');
    expect(screen.getByText('No projects found.')).toBeTruthy();
    expect(screen.queryByText('No projects available.')).toBeNull();
  });

  it('says "No projects available." without any project, whatever the search', async () => {
    renderList([]);
    expect(await screen.findByText('No projects available.')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'x');
    expect(screen.getByText('No projects available.')).toBeTruthy();
  });

  it('offers Create Project only with the createProjects role, its name required', async () => {
    const { requests } = renderList(projects, makeUser(ROLE_PRESETS.standard));
    await userEvent.click(await screen.findByRole('button', { name: 'Create Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Project' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Budget 2025 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Budget 2025' });
  });

  it('shows no Create Project button without the role', async () => {
    renderList(projects, makeUser(ROLE_PRESETS.viewOnly));
    await screen.findByText('Zeta Survey');
    expect(screen.queryByRole('button', { name: 'Create Project' })).toBeNull();
  });
});
