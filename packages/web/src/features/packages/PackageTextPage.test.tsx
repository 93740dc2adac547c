import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { CurrentProjectContext } from '../../project/currentProject.tsx';
import { renderWithProviders, stubNetwork } from '../../ui/testing.tsx';
import { makeProject } from '../projects/testFixtures.ts';
import { PackageTextPage } from './PackageTextPage.tsx';

const PACKAGE_ID = '0123456789abcdef01234567';
const entry = makeProject('Budget');
const { permission, organization: _o, ...project } = entry as typeof entry & { organization?: unknown };

function renderEditor(
  dependencies: { status: number; body: unknown } = {
    status: 200,
    body: { dependencies: 'six\npandas\n', added: ['pyarrow'] },
  },
) {
  const requests = stubNetwork((key) => {
    if (key === `GET /api/v1/packages/${PACKAGE_ID}/dependencies`) return dependencies;
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/packages/:packageId/dependencies',
        element: <PackageTextPage kind="dependencies" />,
      },
    ],
    { initialEntries: [`/projects/${project._id}/packages/${PACKAGE_ID}/dependencies`] },
  );
  renderWithProviders(
    <CurrentProjectContext.Provider value={{ project, permission: { ...permission, member: true } } as never}>
      <RouterProvider router={router} />
    </CurrentProjectContext.Provider>,
  );
  return requests;
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('the dependencies editor', () => {
  it('names a refused line before sending and keeps Save off; an accepted text can be saved', async () => {
    const requests = renderEditor();
    const editor = (await screen.findByDisplayValue(/^six/)) as HTMLTextAreaElement;
    // What Tessera added beside the package's own requirements is said under them.
    expect(
      screen.getByText('Added by Tessera: pyarrow (Tessera hands DataFrames to functions as Parquet)'),
    ).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.change(editor, { target: { value: 'six\nevil @ http://127.0.0.1:8000/evil-1.0.tar.gz\n' } });
    expect(
      screen.getByText(
        'Line 2 (evil @ http://127.0.0.1:8000/evil-1.0.tar.gz) is a URL or a path: only packages of the index are installed, by name.',
      ),
    ).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(save);
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
    fireEvent.change(editor, { target: { value: 'six\npandas>=2; python_version >= "3.9"\n' } });
    expect(screen.queryByText(/is a URL or a path/)).toBeNull();
    expect(save.hasAttribute('disabled')).toBe(false);
  });

  it.each([
    ['en', 'error retrieving dependencies, please refresh page to try again'],
    ['fr', 'erreur lors de la récupération des dépendances, veuillez actualiser la page et réessayer'],
  ])('names the dependencies, not the environment variables, when they fail to load (%s)', async (lang, text) => {
    await i18n.changeLanguage(lang);
    renderEditor({ status: 500, body: { message: 'boom' } });
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByText(/environment variables|variables d'environnement/)).toBeNull();
  });

  it('says it in French', async () => {
    await i18n.changeLanguage('fr');
    renderEditor();
    const editor = await screen.findByDisplayValue(/^six/);
    expect(screen.getByText(/^Ajouté par Tessera : pyarrow/)).toBeTruthy();
    fireEvent.change(editor, { target: { value: '--index-url http://127.0.0.1/simple\n' } });
    expect(
      screen.getByText(
        "La ligne 1 (--index-url http://127.0.0.1/simple) est une option de pip : le serveur choisit l'index et les options.",
      ),
    ).toBeTruthy();
  });
});
