import { ROLE_PRESETS } from '@tessera/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client.ts';
import i18n from '../../i18n/index.ts';
import { errorUnder, renderRoutes, serveApi } from '../../ui/testSupport.tsx';
import { settingsRoutes } from '../settings/settingsTestRoutes.tsx';
import { CONSULTANT_ADMIN, IDS, INTERACTIVE, sampleOrganization, viewer } from './testFixtures.ts';

beforeEach(() => tokenStore.set('a-token'));

const ROOT_ORG = sampleOrganization({ _id: IDS.rootOrg, name: 'Product Operations', plan: 'internal' });
const CONSULTANT = sampleOrganization({ _id: IDS.consultant, name: 'Consult & Co', type: 'consultant', plan: 'gold' });
const CLIENT = sampleOrganization({
  _id: IDS.client,
  name: 'Client Co',
  type: 'client',
  consultantId: IDS.consultant,
  plan: 'silver',
});
const INDEPENDENT = sampleOrganization({ _id: IDS.independent, name: 'Acme', plan: 'gold' });

function serveRoot() {
  let all: Array<Record<string, unknown>> = [INDEPENDENT, CLIENT, CONSULTANT, ROOT_ORG];
  return serveApi({
    'GET /api/v1/users/my': { body: viewer(ROLE_PRESETS.root, IDS.rootOrg) },
    'GET /api/v1/organizations/my': { body: ROOT_ORG },
    'GET /api/v1/organizations': () => ({ body: all }),
    'POST /api/v1/organizations': ({ body }) => {
      const created = sampleOrganization({ _id: 'a000000000000000000000ff', ...(body as object) });
      all = [...all, created];
      return { body: created };
    },
    [`PUT /api/v1/organizations/${IDS.independent}`]: ({ body }) => {
      all = all.map((o) => (o._id === IDS.independent ? { ...o, ...(body as object) } : o));
      return { body: all.find((o) => o._id === IDS.independent) };
    },
    [`DELETE /api/v1/organizations/${IDS.independent}`]: () => {
      all = all.filter((o) => o._id !== IDS.independent);
      return { body: { ok: true } };
    },
  });
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'All Organizations' }))
    .getAllByRole('listitem')
    .map((r) => r.getAttribute('aria-label'));

describe('all organizations', INTERACTIVE, () => {
  it('searches by name and plan, with re: for a regular expression', async () => {
    serveRoot();
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/root/organizations');
    await screen.findByRole('list', { name: 'All Organizations' });
    expect(rowNames()).toEqual(['Acme', 'Client Co', 'Consult & Co', 'Product Operations']);
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'silver');
    expect(rowNames()).toEqual(['Client Co']);
    await user.clear(search);
    await user.type(search, 're:^c');
    expect(rowNames(), 'a "re:" search reads the name by default').toEqual(['Client Co', 'Consult & Co']);
    await user.clear(search);
    await user.type(search, 're:^(gold|internal)$');
    expect(screen.queryByRole('list', { name: 'All Organizations' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Search in' }));
    // jsdom lays nothing out, so Mantine's dropdown counts its target as detached and hides itself.
    await user.click(await screen.findByRole('option', { name: 'Plan', hidden: true }));
    expect(rowNames()).toEqual(['Acme', 'Consult & Co', 'Product Operations']);
  });

  it('shows its whole search hint: a field that wraps it (reflow at 320 px), where Enter adds no line', async () => {
    serveRoot();
    const user = userEvent.setup({ delay: null });
    try {
      for (const [language, hint] of [
        ['en', 'Search by name or plan (re: for a regular expression)'],
        ['fr', 'Rechercher par nom ou formule (re: pour une expression régulière)'],
      ]) {
        await i18n.changeLanguage(language);
        const view = renderRoutes(settingsRoutes, '/settings/root/organizations');
        const search = await screen.findByPlaceholderText(hint);
        // A text area: its placeholder wraps onto a second line where one line is too narrow for it.
        expect(search.tagName).toBe('TEXTAREA');
        await user.type(search, 'silver{Enter}');
        expect((search as HTMLTextAreaElement).value).toBe('silver');
        view.unmount();
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offers Active and Delete on every organization but one’s own', async () => {
    serveRoot();
    renderRoutes(settingsRoutes, '/settings/root/organizations');
    const own = await screen.findByRole('listitem', { name: 'Product Operations' });
    expect(within(own).getByText('Your organization')).toBeTruthy();
    expect(within(own).queryByRole('switch')).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Delete' })).toBeNull();
    const acme = screen.getByRole('listitem', { name: 'Acme' });
    expect(within(acme).getByRole('switch', { name: 'Active' })).toBeTruthy();
    expect(within(acme).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('deactivates, then deletes after the name is typed', async () => {
    const api = serveRoot();
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/root/organizations');
    const acme = await screen.findByRole('listitem', { name: 'Acme' });
    await user.click(within(acme).getByRole('switch', { name: 'Active' }));
    await waitFor(() =>
      expect(api.sent('PUT', `/api/v1/organizations/${IDS.independent}`)[0]?.body).toEqual({ active: false }),
    );

    await user.click(within(acme).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Organization' });
    const input = within(dialog).getByLabelText('Type Acme to confirm');
    await user.type(input, 'Acm');
    expect(errorUnder(input)).toBe('Does not match');
    expect((within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(input, 'e');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Acme' })).toBeNull());
    expect(api.sent('DELETE', `/api/v1/organizations/${IDS.independent}`)).toHaveLength(1);
  });

  it('opens an organization’s settings from its row', async () => {
    serveRoot();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(settingsRoutes, '/settings/root/organizations');
    await user.click(await screen.findByRole('button', { name: 'Open the settings of Client Co' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/settings/root/organizations/${IDS.client}`));
  });

  it('creates a client of a chosen consultant; the name is required', async () => {
    const api = serveRoot();
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/root/organizations');
    await user.click(await screen.findByRole('button', { name: 'Create Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(errorUnder(within(dialog).getByRole('textbox', { name: 'Organization Name' }))).toBe('Required');

    await user.type(within(dialog).getByRole('textbox', { name: 'Organization Name' }), 'New Client');
    await user.click(within(dialog).getByLabelText('Organization Type'));
    await user.click(await screen.findByRole('option', { name: 'Client', hidden: true }));
    await user.click(within(dialog).getByLabelText(/^Consultant/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Consult & Co', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Organization' })).toBeNull());
    expect(api.sent('POST', '/api/v1/organizations')[0].body).toEqual({
      name: 'New Client',
      type: 'client',
      consultantId: IDS.consultant,
      plan: null,
    });
    expect(await screen.findByRole('listitem', { name: 'New Client' })).toBeTruthy();
  });
});

describe('client organizations', INTERACTIVE, () => {
  it('lists the consultant’s clients; its admins create clients by name only', async () => {
    const api = serveApi({
      'GET /api/v1/users/my': { body: viewer(CONSULTANT_ADMIN, IDS.consultant) },
      'GET /api/v1/organizations/my': { body: CONSULTANT },
      [`GET /api/v1/organizations/${IDS.consultant}/clients`]: { body: [CLIENT] },
      'POST /api/v1/organizations': { body: CLIENT },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(settingsRoutes, '/settings/clients');
    expect(await screen.findByRole('heading', { name: 'Client Organizations' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Client Co' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Organization' });
    expect(within(dialog).queryByLabelText('Organization Type')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Organization Name' }), 'Second Client');
    await user.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    await waitFor(() => expect(api.sent('POST', '/api/v1/organizations')[0]?.body).toEqual({ name: 'Second Client' }));
  });
});
