import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../ui/testing.tsx';
import { ModelInfoTab } from './ModelInfoTab.tsx';
import { MODEL_PROJECT_ID, makeModel } from './testModel.ts';

const PACKAGE = 'ffffffffffffffffffffffff';
const algorithm = {
  _id: 'cccccccccccccccccccccccc',
  packageId: PACKAGE,
  moduleId: 'abababababababababababab',
  projectId: MODEL_PROJECT_ID,
  name: 'totals',
  functionName: 'totals',
  params: [],
  returns: null,
  doc: '',
};

function renderTab(model = makeModel(), canEdit = true) {
  const requests = stubNetwork((key) => {
    if (key.startsWith('GET /api/v1/algorithms')) return { status: 200, body: [algorithm] };
    if (key.startsWith('GET /api/v1/datasets')) return { status: 200, body: [] };
    if (key === `PUT /api/v1/models/${model._id}`) return { status: 200, body: model };
    return undefined;
  });
  const router = createMemoryRouter([
    { path: '*', element: <ModelInfoTab model={model} projectId={MODEL_PROJECT_ID} canEdit={canEdit} /> },
  ]);
  renderWithProviders(<RouterProvider router={router} />);
  return requests;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('Model Info', () => {
  it('sets the result storage and the run button text, and saves them', async () => {
    const requests = renderTab();
    await userEvent.click(screen.getByRole('combobox', { name: 'Result storage' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Merge runs' }));
    expect(screen.getByText('Each run adds its rows to the previous ones.')).toBeTruthy();
    const text = screen.getByRole('textbox', { name: /Run button text/ });
    await userEvent.clear(text);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(screen.getByText('The run button needs a text')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.type(text, 'Forecast');
    await userEvent.click(save);
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Totals',
      description: '',
      resultStorage: 'merge',
      runButtonText: 'Forecast',
    });
  });

  it('links the function to its code in the package', async () => {
    renderTab();
    const link = await screen.findByRole('link', { name: 'totals (view source code)' });
    expect(link.getAttribute('href')).toBe(`/projects/${MODEL_PROJECT_ID}/packages/${PACKAGE}/code`);
  });

  it.each([
    ['en', 'The source code for this Model is protected and not accessible from this Project.'],
    ['fr', "Le code source de ce modèle est protégé et n'est pas accessible depuis ce projet."],
  ])('a transferred model’s source is protected: no link (%s)', async (lang, text) => {
    await i18n.changeLanguage(lang);
    renderTab(makeModel({ transferred: true }), false);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
