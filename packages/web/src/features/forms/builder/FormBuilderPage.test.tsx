import { PROJECT_ROLE_PRESETS } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { never, stubNetwork } from '../../../ui/testing.tsx';
import { ELEMENTS, hexId, makeForm, PROJECT_ID, renderForms } from '../testSupport.tsx';

const FORM = hexId('f1');
const path = `/projects/${PROJECT_ID}/forms/${FORM}`;
const get = `GET /api/v1/forms/${FORM}`;
const rows = () => screen.getAllByTestId('form-element');

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the form builder', () => {
  it('offers move up and move to top only after the second element, and sends the new order', async () => {
    const requests = stubNetwork((key) =>
      key === get ? { status: 200, body: makeForm() } : key === `PUT /api/v1/forms/${FORM}` ? never() : undefined,
    );
    renderForms(path, PROJECT_ROLE_PRESETS.edit);
    await screen.findByText('Elements');
    const offered = rows().map((row) => [
      within(row).queryByRole('button', { name: 'Move up' }) !== null,
      within(row).queryByRole('button', { name: 'Move to top' }) !== null,
    ]);
    expect(offered).toEqual([
      [false, false],
      [false, false],
      [true, true],
      [true, true],
    ]);
    await userEvent.click(within(rows()[3]).getByRole('button', { name: 'Move to top' }));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ elements: [ELEMENTS[3]._id, ELEMENTS[0]._id, ELEMENTS[1]._id, ELEMENTS[2]._id] });
    // Moved at once, before the server answers.
    expect(within(rows()[0]).getByText('Site')).toBeTruthy();
  }, 20_000);

  it("refuses an option list with an empty item ('This input is required.') before sending it", async () => {
    const requests = stubNetwork((key) => (key === get ? { status: 200, body: makeForm() } : undefined));
    renderForms(path, PROJECT_ROLE_PRESETS.edit);
    await userEvent.click(await screen.findByRole('button', { name: 'Add element' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Checkboxes' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Checkboxes' });
    await userEvent.type(within(modal).getByLabelText(/^Question/), 'Tools');
    await userEvent.type(within(modal).getByLabelText(/^Options/), 'Excel,,Python');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('This input is required.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  }, 20_000);

  it("asks before publishing, shows 'Publishing' while it publishes; a published form is read-only", async () => {
    const requests = stubNetwork((key) =>
      key === get
        ? { status: 200, body: makeForm() }
        : key === `POST /api/v1/forms/${FORM}/publish`
          ? never()
          : undefined,
    );
    renderForms(path, PROJECT_ROLE_PRESETS.edit);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Form' }));
    const ask = await screen.findByRole('dialog', { name: 'Publish Form' });
    expect(within(ask).getByText(/^Publish Survey\? A published form cannot be edited/)).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.getByRole('button', { name: 'Publish Form' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish Form' }));
    const again = await screen.findByRole('dialog', { name: 'Publish Form' });
    await userEvent.click(within(again).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Publishing' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([`/api/v1/forms/${FORM}/publish`]);
    cleanup();
    stubNetwork((key) =>
      key === get ? { status: 200, body: makeForm({ published: true, dataset: { _id: hexId('d1') } }) } : undefined,
    );
    renderForms(path, PROJECT_ROLE_PRESETS.edit);
    expect(await screen.findByRole('button', { name: 'Published' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Collecting Responses' })).toBeTruthy();
    expect(screen.getByText('A published form cannot be edited.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add element' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Drag to reorder/ })).toBeNull();
  }, 20_000);

  it('asks in French before publishing', async () => {
    await i18n.changeLanguage('fr');
    stubNetwork((key) => (key === get ? { status: 200, body: makeForm() } : undefined));
    renderForms(path, PROJECT_ROLE_PRESETS.edit);
    await userEvent.click(await screen.findByRole('button', { name: 'Publier le formulaire' }));
    const ask = await screen.findByRole('dialog', { name: 'Publier le formulaire' });
    expect(within(ask).getByText(/^Publier Survey \? Un formulaire publié ne peut plus être modifié/)).toBeTruthy();
    expect(within(ask).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    expect(within(ask).getByRole('button', { name: 'Publier' })).toBeTruthy();
  }, 20_000);
});
