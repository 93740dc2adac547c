import type { QueryClient } from '@tanstack/react-query';
import type { Form, FormElement, ProjectRoles } from '@tessera/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CurrentProjectContext } from '../../project/currentProject.tsx';
import { renderWithProviders, testQueryClient } from '../../ui/testing.tsx';
import { hexId, PROJECT_ID, projectContext } from '../dashboards/testSupport.tsx';
import { FormsRoutes } from './FormsRoutes.tsx';
import { PublicFormPage } from './public/PublicFormPage.tsx';

export { hexId, PROJECT_ID };

export const ELEMENTS: FormElement[] = [
  { _id: hexId('e0'), type: 'title', config: { title: 'About you' } },
  { _id: hexId('e1'), type: 'shortText', config: { question: 'Name', required: true } },
  { _id: hexId('e2'), type: 'number', config: { question: 'Age' } },
  { _id: hexId('e3'), type: 'radio', config: { question: 'Site', options: 'North, South' } },
];

export function makeForm(overrides: Partial<Form> = {}): Form {
  return {
    _id: hexId('f1'),
    projectId: PROJECT_ID,
    name: 'Survey',
    description: 'Five minutes',
    published: false,
    closed: false,
    elements: ELEMENTS,
    dataset: null,
    responseCount: 0,
    user: { id: null },
    timeCreated: '2026-01-01T00:00:00.000Z',
    lastUpdated: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders the forms area (project routes and the public page) at `path`, as `roles` in the project. */
export function renderForms(path: string, roles: ProjectRoles, client: QueryClient = testQueryClient()) {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/forms/*',
        element: (
          <CurrentProjectContext.Provider value={projectContext(roles)}>
            <FormsRoutes />
          </CurrentProjectContext.Provider>
        ),
      },
      { path: '/public/forms/:formId', element: <PublicFormPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, client);
  return router;
}
