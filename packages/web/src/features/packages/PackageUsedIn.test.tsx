import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders } from '../../ui/testing.tsx';
import { PackageUsedIn } from './PackageUsedIn.tsx';

const PROJECT = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const usedIn = [
  { modelId: 'bbbbbbbbbbbbbbbbbbbbbbbb', modelName: 'Totals', algorithmName: 'totals', onboarded: true },
  { modelId: 'cccccccccccccccccccccccc', modelName: 'Draft', algorithmName: 'summary', onboarded: false },
];

function renderList(list = usedIn) {
  const router = createMemoryRouter([{ path: '*', element: <PackageUsedIn projectId={PROJECT} usedIn={list} /> }]);
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  void i18n.changeLanguage('en');
});

describe('the package’s Used in list', () => {
  it('links each model (a draft to its onboarding) with its function’s name', () => {
    renderList();
    expect(screen.getByText('Used in 2 model(s)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Totals' }).getAttribute('href')).toBe(
      `/projects/${PROJECT}/models/bbbbbbbbbbbbbbbbbbbbbbbb`,
    );
    expect(screen.getByRole('link', { name: 'Draft' }).getAttribute('href')).toBe(
      `/projects/${PROJECT}/models/cccccccccccccccccccccccc/onboard`,
    );
    expect(screen.getByText('function totals')).toBeTruthy();
    expect(screen.getByText('function summary')).toBeTruthy();
  });

  it('says it in French, and lists nothing when no model uses the package', async () => {
    await i18n.changeLanguage('fr');
    renderList([]);
    expect(screen.getByText('Utilisé dans 0 modèle(s)')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
