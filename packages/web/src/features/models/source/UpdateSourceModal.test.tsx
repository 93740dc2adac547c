import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../../ui/testing.tsx';
import { MODEL_PROJECT_ID, makeModel } from '../testModel.ts';
import { UpdateSourceModal } from './UpdateSourceModal.tsx';

const model = makeModel();

function renderModal() {
  const requests = stubNetwork((key) => {
    if (key === `GET /api/v1/models/${model._id}`) return { status: 200, body: model };
    if (key.startsWith('PUT /api/v1/models/') && key.includes('/algorithm/'))
      return { status: 400, body: { error: { code: 'bad_request', message: 'The package must be built first' } } };
    if (key.startsWith('GET ')) return { status: 200, body: [] };
    return undefined;
  });
  renderWithProviders(
    <>
      <Notifications />
      <UpdateSourceModal model={model} projectId={MODEL_PROJECT_ID} onClose={() => {}} />
    </>,
  );
  return requests;
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('en');
});

describe('Update Source Function', () => {
  it.each([
    ['en', 'Continue', 'Source Code Update Failed:'],
    ['fr', 'Continuer', 'Échec de la mise à jour du code source :'],
  ])('a refused update raises the "Source Code Update Failed:" notice (%s)', async (lang, button, title) => {
    await i18n.changeLanguage(lang);
    const requests = renderModal();
    await userEvent.click(await screen.findByRole('button', { name: button }));
    const notice = (await screen.findByText(title)).closest('.mantine-Notification-root') as HTMLElement;
    expect(notice.textContent).toContain('Totals: The package must be built first');
    expect(requests.some((r) => r.method === 'PUT')).toBe(true);
  });
});
