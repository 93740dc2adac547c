import { PROJECT_ROLE_PRESETS } from '@tessera/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { stubNetwork } from '../../../ui/testing.tsx';
import { ELEMENTS, hexId, makeForm, renderForms } from '../testSupport.tsx';

const FORM = hexId('f1');
const get = `GET /api/v1/public/forms/${FORM}`;
const post = `POST /api/v1/public/forms/${FORM}/responses`;
const publicForm = (closed = false) => {
  const { _id, name, description, elements } = makeForm();
  return { _id, name, description, elements, closed };
};
/** The public page ignores project roles: any will do for the test router. */
const VIEWER = PROJECT_ROLE_PRESETS.edit;

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the public form page (no login)', () => {
  it('checks the answers by their elements before sending, then sends them and thanks the visitor', async () => {
    const requests = stubNetwork((key) =>
      key === get
        ? { status: 200, body: publicForm() }
        : key === post
          ? { status: 201, body: { _id: hexId('a1') } }
          : undefined,
    );
    renderForms(`/public/forms/${FORM}`, VIEWER);
    await screen.findByRole('heading', { name: 'Survey' });
    await userEvent.type(screen.getByLabelText(/^Age/), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This input is required.')).toBeTruthy();
    // A question without decimals takes none: the number input drops the point.
    expect((screen.getByLabelText(/^Age/) as HTMLInputElement).value).toBe('45');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ann');
    await userEvent.clear(screen.getByLabelText(/^Age/));
    await userEvent.type(screen.getByLabelText(/^Age/), '40');
    await userEvent.click(screen.getByRole('radio', { name: 'South' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you! Your response has been recorded.')).toBeTruthy();
    // The Submit button is gone: the focus is on Send another response, then on the new form's first field.
    const another = screen.getByRole('button', { name: 'Send another response' });
    await waitFor(() => expect(document.activeElement).toBe(another));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Name/)));
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.authorization).toBeNull();
    expect(sent?.body).toEqual({
      answers: { [ELEMENTS[1]._id]: 'Ann', [ELEMENTS[2]._id]: 40, [ELEMENTS[3]._id]: 'South' },
    });
  }, 15_000);

  it('is a main landmark with the form as its one h1; a required field says so; a refused submit focuses the first error', async () => {
    stubNetwork((key) => (key === get ? { status: 200, body: publicForm() } : undefined));
    renderForms(`/public/forms/${FORM}`, VIEWER);
    const heading = await screen.findByRole('heading', { name: 'Survey', level: 1 });
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.required).toBe(true);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    expect(await screen.findByText('This input is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it("shows the server's field messages, in the visitor's language", async () => {
    await i18n.changeLanguage('fr');
    stubNetwork((key) =>
      key === get
        ? { status: 200, body: publicForm() }
        : key === post
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation',
                  message: 'x',
                  fields: { [ELEMENTS[1]._id]: 'This answer is too long.' },
                  fieldReasons: { [ELEMENTS[1]._id]: 'form.tooLong' },
                },
              },
            }
          : undefined,
    );
    renderForms(`/public/forms/${FORM}`, VIEWER);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Cette réponse est trop longue.')).toBeTruthy();
  });

  it.each([
    ['closed', { status: 200, body: publicForm(true) }],
    ['a draft or unknown (404)', { status: 404, body: { error: { code: 'not-found', message: 'Form not found' } } }],
  ])('says a %s form is not accepting responses', async (_name, reply) => {
    stubNetwork((key) => (key === get ? reply : undefined));
    renderForms(`/public/forms/${FORM}`, VIEWER);
    expect(await screen.findByText('This form is not accepting responses.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('turns to "not accepting" when the form closes while the visitor answers (409)', async () => {
    stubNetwork((key) =>
      key === get
        ? { status: 200, body: publicForm() }
        : key === post
          ? { status: 409, body: { error: { code: 'conflict', message: 'This form is not accepting responses.' } } }
          : undefined,
    );
    renderForms(`/public/forms/${FORM}`, VIEWER);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('This form is not accepting responses.')).toBeTruthy());
  });

  it.each([
    ['en', 'Yes', 'No', 'Submit'],
    ['fr', 'Oui', 'Non', 'Envoyer'],
  ])('shows a yes/no question as %s words (%s / %s) and sends a boolean', async (language, yes, no, submit) => {
    await i18n.changeLanguage(language);
    const remote = { _id: hexId('e9'), type: 'binary' as const, config: { question: 'Remote', required: true } };
    const requests = stubNetwork((key) =>
      key === get
        ? { status: 200, body: { ...publicForm(), elements: [remote] } }
        : key === post
          ? { status: 201, body: { _id: hexId('a1') } }
          : undefined,
    );
    renderForms(`/public/forms/${FORM}`, VIEWER);
    const group = await screen.findByRole('radiogroup', { name: /^Remote/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label') ?? labelOf(r)),
    ).toEqual([yes, no]);
    expect(screen.queryByText(/True|False|Vrai|Faux/)).toBeNull();
    await userEvent.click(within(group).getByRole('radio', { name: no }));
    await userEvent.click(screen.getByRole('button', { name: submit }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ answers: { [remote._id]: false } }),
    );
  });

  it("shows a yes/no question's own texts when it has them", async () => {
    const remote = {
      _id: hexId('e9'),
      type: 'binary' as const,
      config: { question: 'Remote', binaryText: { true: 'From home', false: 'At the office' } },
    };
    stubNetwork((key) => (key === get ? { status: 200, body: { ...publicForm(), elements: [remote] } } : undefined));
    renderForms(`/public/forms/${FORM}`, VIEWER);
    expect(await screen.findByRole('radio', { name: 'From home' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'At the office' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Yes' })).toBeNull();
  });
});

/** The text of the label a radio input is named by. */
const labelOf = (input: HTMLElement) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '';
