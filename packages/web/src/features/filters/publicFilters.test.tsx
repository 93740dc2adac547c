import type { DashboardFilter, PublicFeature, Unit } from '@tessera/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { stubNetwork } from '../../ui/testing.tsx';
import { DASHBOARD_ID, hexId, makeTab, makeUnit, makeView, renderDashboards } from '../dashboards/testSupport.tsx';
import { localFilterStore } from './localFilters.ts';

/**
 * The filter bar on the public page (no login): the features come with the public dashboard (`features`), a
 * listed feature's categories from the public family; the visitor's filters stay theirs (nothing is saved).
 */
const T1 = hexId('b1');
const DS = hexId('d5');
const [COUNTRY, PRICE, OTHER] = [hexId('f2'), hexId('f1'), hexId('f9')];
const path = `/public/dashboards/${DASHBOARD_ID}/tabs/${T1}`;
const features: PublicFeature[] = [
  { _id: COUNTRY, name: 'Country', type: 'category', precision: null, dataset: { _id: DS } },
  { _id: PRICE, name: 'Price', type: 'number', precision: null, dataset: { _id: DS } },
];
const countries = ['France', 'Spain', 'Italy', 'Norway'].map((value, i) => ({ value, count: 10 - i }));
const saved = (id: string, f: Omit<DashboardFilter, '_id'>): DashboardFilter => ({ _id: id, ...f });

function serve(
  filters: DashboardFilter[],
  listed: PublicFeature[] | (() => PublicFeature[]) = features,
  units: Unit[] = [],
) {
  const view = makeView('Dashboard', [makeTab(T1, { name: 'Overview' })], units);
  const { user: _user, preview: _preview, ...dashboard } = view.dashboard;
  const answer = () => ({
    ...view,
    dashboard: { ...dashboard, filters },
    features: typeof listed === 'function' ? listed() : listed,
  });
  return stubNetwork((key) => {
    if (key === `GET /api/v1/public/dashboards/${DASHBOARD_ID}`) return { status: 200, body: answer() };
    if (key === `GET /api/v1/public/dashboards/${DASHBOARD_ID}/features/${COUNTRY}/categories?limit=1000`) {
      return { status: 200, body: countries };
    }
    return undefined;
  });
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localFilterStore.reset();
});

const checkboxes = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('checkbox')
    .map((box) => [box.getAttribute('value'), (box as HTMLInputElement).checked]);

describe('public filter bar', { timeout: 60_000 }, () => {
  it('names the feature of a saved filter and lists its categories from the public family', async () => {
    const requests = serve([
      saved(hexId('a1'), { type: 'category', operation: 'equal', value: ['Spain'], feature: { id: COUNTRY } }),
    ]);
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: /^Edit filter Country/ }));
    const menu = await screen.findByTestId('filter-menu');
    await waitFor(() => expect(within(menu).getAllByRole('checkbox')).toHaveLength(4));
    expect(checkboxes(menu)).toEqual([
      ['France', false],
      ['Spain', true],
      ['Italy', false],
      ['Norway', false],
    ]);
    expect(requests.every((r) => r.url.startsWith('/api/v1/public/'))).toBe(true);
    expect(requests.some((r) => r.url.includes(`/features/${COUNTRY}/categories`))).toBe(true);
  });

  it('offers the dashboard’s features to add a filter, kept for the visitor only', async () => {
    const requests = serve([]);
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Filter' }));
    expect(screen.queryByRole('combobox', { name: 'Dataset' })).toBeNull();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Feature' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Country', 'Price']);
    await userEvent.click(screen.getByRole('option', { name: 'Country' }));
    const menu = await screen.findByTestId('filter-menu');
    await userEvent.click(await within(menu).findByRole('checkbox', { name: 'Italy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: /^Edit filter Country/ })).toBeTruthy();
    expect(localFilterStore.get(DASHBOARD_ID)?.dashboard).toEqual([
      expect.objectContaining({ type: 'category', value: ['Italy'], feature: { id: COUNTRY } }),
    ]);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(requests.some((r) => r.url.startsWith('/api/v1/datasets') || r.url.startsWith('/api/v1/features'))).toBe(
      false,
    );
  });

  it('shows a filter on a feature outside the list without a name, and asks no categories for it', async () => {
    const requests = serve(
      [saved(hexId('a2'), { type: 'category', operation: 'equal', value: ['Oslo'], feature: { id: OTHER } })],
      [],
    );
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: /^Edit filter Feature/ }));
    const menu = await screen.findByTestId('filter-menu');
    expect(checkboxes(menu)).toEqual([['Oslo', true]]);
    expect(requests.some((r) => r.url.includes('/categories'))).toBe(false);
    // Nothing to add a filter on.
    expect(screen.queryByRole('button', { name: 'Add Filter' })).toBeNull();
  });

  it('asks the dashboard again once when a saved filter names a feature its list lacks', async () => {
    const answers = [[], features];
    const requests = serve(
      [saved(hexId('a3'), { type: 'category', operation: 'equal', value: ['Spain'], feature: { id: COUNTRY } })],
      () => answers.shift() ?? features,
    );
    renderDashboards(path);
    expect(await screen.findByRole('button', { name: /^Edit filter Country/ })).toBeTruthy();
    const loads = requests.filter((r) => r.url === `/api/v1/public/dashboards/${DASHBOARD_ID}`);
    expect(loads).toHaveLength(2);
  });

  it('asks the dashboard again once when a card maps a feature its list lacks, and offers it to filter on', async () => {
    // A card just mapped Price (the live channel brought it): the list the page was loaded with lacks it.
    const mapsPrice = makeUnit(hexId('c1'), T1, {
      vis: { dependent: [{ series: [{ id: 's1', feature: { _id: PRICE, dataset: { _id: DS } }, operation: 'sum' }] }] },
    });
    const answers = [[features[0]!], features];
    const requests = serve([], () => answers.shift() ?? features, [mapsPrice]);
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Feature' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Country', 'Price']),
    );
    const loads = requests.filter((r) => r.url === `/api/v1/public/dashboards/${DASHBOARD_ID}`);
    expect(loads).toHaveLength(2);
  });
});
