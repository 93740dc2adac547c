import { PROJECT_ROLE_PRESETS } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { CurrentProjectContext } from '../../../project/currentProject.tsx';
import { renderWithProviders, stubNetwork } from '../../../ui/testing.tsx';
import { PROJECT_ID, projectContext } from '../../dashboards/testSupport.tsx';
import { makeModel } from '../testModel.ts';
import { OnboardPage } from './OnboardPage.tsx';

const MODEL = makeModel({ projectId: PROJECT_ID, name: 'Rain summary', onboarded: false });

function renderOnboarding(path: string) {
  stubNetwork((key) => {
    if (key.startsWith('GET /api/v1/packages') || key.startsWith('GET /api/v1/algorithms'))
      return { status: 200, body: [] };
    if (key === `GET /api/v1/models/${MODEL._id}`) return { status: 200, body: MODEL };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/models/onboard',
        element: (
          <CurrentProjectContext.Provider value={projectContext(PROJECT_ROLE_PRESETS.edit)}>
            <OnboardPage />
          </CurrentProjectContext.Provider>
        ),
      },
      {
        path: '/projects/:projectId/models/:modelId/onboard',
        element: (
          <CurrentProjectContext.Provider value={projectContext(PROJECT_ROLE_PRESETS.edit)}>
            <OnboardPage />
          </CurrentProjectContext.Provider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

const title = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('the onboarding title', () => {
  it("says 'Create Model' alone until a name is typed, then 'Create Model - name'", async () => {
    renderOnboarding(`/projects/${PROJECT_ID}/models/onboard`);
    await screen.findByRole('heading', { name: 'Create Model' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'Rain');
    expect(title()).toBe('Create Model - Rain');
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    expect(title()).toBe('Create Model');
  });

  it("shows a draft's name, and says it in French", async () => {
    await i18n.changeLanguage('fr');
    renderOnboarding(`/projects/${PROJECT_ID}/models/${MODEL._id}/onboard`);
    expect(await screen.findByRole('heading', { name: 'Créer un modèle - Rain summary' })).toBeTruthy();
    cleanup();
    renderOnboarding(`/projects/${PROJECT_ID}/models/onboard`);
    expect(await screen.findByRole('heading', { name: 'Créer un modèle' })).toBeTruthy();
  });
});
