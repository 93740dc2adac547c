import { PROJECT_ROLE_PRESETS } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { stubNetwork } from '../../../ui/testing.tsx';
import { hexId, makeForm, PROJECT_ID, renderForms } from '../testSupport.tsx';

const list = `GET /api/v1/forms?projectId=${PROJECT_ID}`;
const forms = [
  makeForm({ _id: hexId('f1'), name: 'Staff survey' }),
  makeForm({ _id: hexId('f2'), name: 'Site audit', published: true, responseCount: 3 }),
  makeForm({ _id: hexId('f3'), name: 'Old poll', published: true, closed: true }),
];
const badges = () =>
  screen.getAllByTestId('form-card').map((c) => within(c).getByText(/Draft|Published|Closed/).textContent);

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the forms list', () => {
  it('badges each card Draft, Published or Closed and searches', async () => {
    stubNetwork((key) => (key === list ? { status: 200, body: forms } : undefined));
    renderForms(`/projects/${PROJECT_ID}/forms`, PROJECT_ROLE_PRESETS.edit);
    await screen.findByText('Staff survey');
    expect(badges()).toEqual(['Draft', 'Published', 'Closed']);
    expect(screen.getByText('3 questions · 3 responses')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Forms' }), 'audit');
    expect(badges()).toEqual(['Published']);
  });

  it('Create Form needs a name and opens the new form', async () => {
    const requests = stubNetwork((key) =>
      key === list
        ? { status: 200, body: forms }
        : key === 'POST /api/v1/forms'
          ? { status: 200, body: { _id: hexId('f9') } }
          : undefined,
    );
    const router = renderForms(`/projects/${PROJECT_ID}/forms`, PROJECT_ROLE_PRESETS.edit);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Form' }));
    const modal = await screen.findByRole('dialog', { name: 'Create Form' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(await within(modal).findByText('Required')).toBeTruthy();
    await userEvent.type(within(modal).getByLabelText(/^Name/), 'Audit 2');
    await userEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}/forms/${hexId('f9')}`));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      projectId: PROJECT_ID,
      name: 'Audit 2',
      description: '',
    });
  }, 20_000);

  it('without form edit: no Create Form, and edit, duplicate and delete are disabled', async () => {
    stubNetwork((key) => (key === list ? { status: 200, body: forms } : undefined));
    renderForms(`/projects/${PROJECT_ID}/forms`, PROJECT_ROLE_PRESETS.view);
    await screen.findByText('Staff survey');
    expect(screen.queryByRole('button', { name: 'Create Form' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Staff survey' }));
    for (const name of ['Edit', 'Duplicate', 'Delete']) {
      expect((await screen.findByRole('menuitem', { name })).hasAttribute('data-disabled')).toBe(true);
    }
  });
});
