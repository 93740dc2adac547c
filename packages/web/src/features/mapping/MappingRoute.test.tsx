import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { CurrentProjectContext } from '../../project/currentProject.tsx';
import { renderWithProviders, stubNetwork } from '../../ui/testing.tsx';
import {
  DASHBOARD_ID,
  EDITOR,
  hexId,
  makeTab,
  makeUnit,
  makeView,
  PROJECT_ID,
  projectContext,
} from '../dashboards/testSupport.tsx';
import { MappingRoute } from './MappingRoute.tsx';

const TAB = hexId('ab1');
const UNIT = makeUnit(hexId('cc1'), TAB, { type: 'chart', name: 'Wind by weather' });

function DashboardProbe() {
  const location = useLocation();
  return <output data-testid="back">{JSON.stringify(location.state)}</output>;
}

function renderMapping() {
  stubNetwork((key) => {
    if (key === `GET /api/v1/units/${UNIT._id}`) return { status: 200, body: UNIT };
    if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`)
      return { status: 200, body: makeView('Dashboard', [makeTab(TAB, { units: [UNIT._id] })], [UNIT]) };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/units/:unitId/mapping',
        element: (
          <CurrentProjectContext.Provider value={projectContext(EDITOR)}>
            <MappingRoute />
          </CurrentProjectContext.Provider>
        ),
      },
      { path: '/projects/:projectId/dashboards/*', element: <DashboardProbe /> },
    ],
    { initialEntries: [`/projects/${PROJECT_ID}/units/${UNIT._id}/mapping?tab=${TAB}`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('the focus in the mapping editor (WCAG 2.4.3)', () => {
  it.each([
    ['en', 'Cancel'],
    ['fr', 'Annuler'],
  ])(
    'goes to the card’s heading on open, not the body; Cancel asks for the card’s Edit back (%s)',
    async (lang, cancel) => {
      await i18n.changeLanguage(lang);
      renderMapping();
      const heading = await screen.findByRole('heading', { name: 'Wind by weather' });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(heading.getAttribute('tabindex')).toBe('-1');
      // The next Tab goes on to the header's controls.
      await userEvent.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: cancel }));
      await userEvent.keyboard('{Enter}');
      expect(JSON.parse((await screen.findByTestId('back')).textContent ?? '')).toEqual({ focusCard: UNIT._id });
    },
  );
});
