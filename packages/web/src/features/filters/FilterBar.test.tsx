import type { DashboardFilter, Dataset, Feature, FeatureType } from '@tessera/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { stubNetwork } from '../../ui/testing.tsx';
import {
  DASHBOARD_ID,
  hexId,
  makeTab,
  makeView,
  PROJECT_ID,
  renderDashboards,
  VIEWER,
} from '../dashboards/testSupport.tsx';
import { localFilterStore } from './localFilters.ts';

const T1 = hexId('b1');
const DS = hexId('d5');
const [PRICE, COUNTRY, SMALL] = [hexId('f1'), hexId('f2'), hexId('f3')];
const path = `/projects/${PROJECT_ID}/dashboards/${DASHBOARD_ID}/tabs/${T1}`;

function feature(_id: string, name: string, type: FeatureType): Feature {
  return {
    _id,
    name,
    type,
    detectedType: type,
    precision: null,
    description: '',
    hidden: false,
    dataset: { _id: DS },
    listIndex: 0,
    preview: [],
    stats: { min: null, max: null, avg: null },
    db: { name: name.toLowerCase(), type: 'VARCHAR' },
  };
}
const features = [
  feature(PRICE, 'Price', 'number'),
  feature(COUNTRY, 'Country', 'category'),
  feature(SMALL, 'Size', 'category'),
];
const dataset: Dataset = {
  _id: DS,
  name: 'Sales',
  description: '',
  type: 'file',
  projectId: PROJECT_ID,
  collections: [],
  source: {},
  imported: true,
  rowCount: 3,
  user: { id: null },
  timeCreated: '2024-01-01T00:00:00.000Z',
  lastUpdated: '2024-01-01T00:00:00.000Z',
};
const countries = Array.from({ length: 11 }, (_, i) => ({ value: `Country ${i + 1}`, count: 20 - i }));
const sizes = ['S', 'M', 'L'].map((value) => ({ value, count: 1 }));

const saved = (id: string, f: Omit<DashboardFilter, '_id'>): DashboardFilter => ({ _id: id, ...f });

function serve(filters: DashboardFilter[] = [], { featuresStatus = 200 } = {}) {
  const view = makeView('Dashboard', [makeTab(T1, { name: 'Overview' })]);
  view.dashboard.filters = filters;
  let remaining = [...filters];
  const answer = (list: DashboardFilter[]) => ({
    status: 200,
    body: { owner: { kind: 'dashboard', _id: DASHBOARD_ID }, dashboardId: DASHBOARD_ID, filters: list },
  });
  return stubNetwork((key) => {
    if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}`) return { status: 200, body: view };
    if (key === 'GET /api/v1/projects/my') return { status: 200, body: [] };
    if (key === `GET /api/v1/features?projectId=${PROJECT_ID}`) {
      return featuresStatus === 200
        ? { status: 200, body: features }
        : { status: featuresStatus, body: { error: { code: 'forbidden', message: 'Forbidden' } } };
    }
    if (key === `GET /api/v1/dashboards/${DASHBOARD_ID}/features`) {
      // The features the dashboard uses (its filters'), in their public shape.
      const used = features.filter((f) => filters.some((filter) => filter.feature.id === f._id));
      const body = used.map(({ _id, name, type, precision, dataset }) => ({ _id, name, type, precision, dataset }));
      return { status: 200, body };
    }
    if (key === `GET /api/v1/datasets?projectId=${PROJECT_ID}`) return { status: 200, body: [dataset] };
    if (key === `GET /api/v1/datasets/${DS}/features`) return { status: 200, body: features };
    if (key === `GET /api/v1/features/${COUNTRY}/categories?limit=1000`) return { status: 200, body: countries };
    if (key === `GET /api/v1/features/${SMALL}/categories?limit=1000`) return { status: 200, body: sizes };
    if (key === `POST /api/v1/dashboards/${DASHBOARD_ID}/filters`) {
      const filter = saved(hexId('a1'), { type: 'value', operation: 'greater', value: 5, feature: { id: PRICE } });
      return { ...answer([filter]), body: { ...answer([filter]).body, filter } };
    }
    if (key.startsWith('DELETE /api/v1/filters/')) {
      remaining = remaining.filter((f) => !key.endsWith(f._id));
      return answer(remaining);
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

async function pick(label: string, option: string) {
  await userEvent.click(within(screen.getByTestId('filter-menu')).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Opens Add Filter and chooses a feature of the Sales dataset. */
async function addFilterOn(featureName: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Filter' }));
  await userEvent.click(await screen.findByRole('combobox', { name: 'Dataset' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Sales' }));
  await userEvent.click(await screen.findByRole('combobox', { name: 'Feature' }));
  await userEvent.click(await screen.findByRole('option', { name: featureName }));
  return screen.findByTestId('filter-menu');
}

describe('filter bar', { timeout: 60_000 }, () => {
  it('does not add an invalid filter when its menu closes', async () => {
    const requests = serve();
    renderDashboards(path);
    await addFilterOn('Price');
    expect(screen.getByText('This filter is incomplete: it will be dropped when the menu closes.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('filter-menu')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(screen.queryByTestId('filter-chip')).toBeNull();
  });

  it('saves a valid filter for editors and shows its summary on the chip', async () => {
    const requests = serve();
    renderDashboards(path);
    const menu = await addFilterOn('Price');
    await userEvent.type(within(menu).getByRole('textbox', { name: 'Value' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe(`/api/v1/dashboards/${DASHBOARD_ID}/filters`);
    expect(post?.body).toEqual({ type: 'value', operation: 'greater', value: 5, feature: { id: PRICE } });
    expect(await screen.findByRole('button', { name: 'Edit filter Price > 5' })).toBeTruthy();
  });

  it('bounds a between range: To cannot go below From', async () => {
    serve();
    renderDashboards(path);
    const menu = await addFilterOn('Price');
    await pick('Operation', 'Between');
    const from = within(menu).getByRole('textbox', { name: 'From' });
    const to = within(menu).getByRole('textbox', { name: 'To' });
    await userEvent.type(from, '10');
    await userEvent.type(to, '3');
    fireEvent.blur(to);
    await waitFor(() => expect((to as HTMLInputElement).value).toBe('10'));
    await userEvent.clear(from);
    await userEvent.type(from, '50');
    fireEvent.blur(from);
    await waitFor(() => expect((from as HTMLInputElement).value).toBe('10'));
  });

  it('shows a search box over the category list only above 10 items, and searching filters it', async () => {
    serve();
    renderDashboards(path);
    let menu = await addFilterOn('Country');
    const search = await within(menu).findByRole('textbox', { name: 'Search' });
    expect(within(menu).getAllByRole('checkbox')).toHaveLength(11);
    await userEvent.type(search, 'country 1');
    expect(
      within(menu)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['Country 1', 'Country 10', 'Country 11']);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('filter-menu')).toBeNull());
    menu = await addFilterOn('Size');
    await within(menu).findAllByRole('checkbox');
    expect(within(menu).queryByRole('textbox', { name: 'Search' })).toBeNull();
  });

  it('drops a saved filter that its menu leaves invalid', async () => {
    const filter = saved(hexId('a2'), { type: 'value', operation: 'greater', value: 7, feature: { id: PRICE } });
    const requests = serve([filter]);
    renderDashboards(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit filter Price > 7' }));
    const menu = await screen.findByTestId('filter-menu');
    await userEvent.clear(within(menu).getByRole('textbox', { name: 'Value' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(requests.find((r) => r.method === 'DELETE')?.url).toBe(`/api/v1/filters/${filter._id}`);
  });

  it('shows the feature states: not found and invalid feature type', async () => {
    serve([
      saved(hexId('a3'), { type: 'value', operation: 'empty', feature: { id: hexId('f9') } }),
      saved(hexId('a4'), { type: 'date', operation: 'empty', feature: { id: PRICE } }),
    ]);
    renderDashboards(path);
    expect(await screen.findByRole('button', { name: 'Edit filter Feature: feature not found' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit filter Price: invalid feature type' })).toBeTruthy();
  });

  it('lets a viewer filter for themselves, without saving', async () => {
    const filter = saved(hexId('a5'), { type: 'value', operation: 'less', value: 3, feature: { id: PRICE } });
    const requests = serve([filter]);
    renderDashboards(path, { roles: { ...VIEWER, dataset: 'view' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove filter Price < 3' }));
    await waitFor(() => expect(screen.queryByTestId('filter-chip')).toBeNull());
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(localFilterStore.get(DASHBOARD_ID)?.dashboard).toEqual([]);
  });

  it('names the filters of a member who may not read datasets from the features the dashboard uses', async () => {
    const filter = saved(hexId('a6'), { type: 'value', operation: 'less', value: 3, feature: { id: PRICE } });
    const requests = serve([filter], { featuresStatus: 403 });
    renderDashboards(path, { roles: VIEWER });
    expect(await screen.findByRole('button', { name: 'Edit filter Price < 3' })).toBeTruthy();
    // The project's features (refused to this member) are never asked for.
    expect(requests.some((r) => r.url.startsWith('/api/v1/features'))).toBe(false);
    // Add Filter offers the dashboard's features, with no dataset to choose.
    await userEvent.click(screen.getByRole('button', { name: 'Add Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Feature' }));
    expect(await screen.findByRole('option', { name: 'Price' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Dataset' })).toBeNull();
  });

  it('marks saved filters invalid when the features cannot be read for another reason', async () => {
    const filter = saved(hexId('a7'), { type: 'value', operation: 'less', value: 3, feature: { id: PRICE } });
    serve([filter], { featuresStatus: 500 });
    renderDashboards(path);
    expect(await screen.findByRole('button', { name: 'Edit filter Feature: invalid filter' })).toBeTruthy();
  });

  it('gives the focus back to Add Filter when its menu closes, and to the chip when the chip menu closes', async () => {
    const filter = saved(hexId('a2'), { type: 'value', operation: 'greater', value: 7, feature: { id: PRICE } });
    serve([filter]);
    renderDashboards(path);
    await addFilterOn('Price');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Filter' })));
    const chip = screen.getByRole('button', { name: 'Edit filter Price > 7' });
    await userEvent.click(chip);
    await screen.findByTestId('filter-menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('filter-menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(chip));
  });

  it('moves the focus to the next chip, else to Add Filter, when a chip is removed', async () => {
    const filters = [
      saved(hexId('a2'), { type: 'value', operation: 'greater', value: 7, feature: { id: PRICE } }),
      saved(hexId('a3'), { type: 'value', operation: 'greater', value: 9, feature: { id: PRICE } }),
    ];
    serve(filters);
    renderDashboards(path);
    const next = await screen.findByRole('button', { name: 'Edit filter Price > 9' });
    screen.getByRole('button', { name: 'Remove filter Price > 7' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('filter-chip')).toHaveLength(1));
    expect(document.activeElement).toBe(next);
    // The last chip's removal leads to Add Filter.
    await userEvent.keyboard('{Tab}{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Filter' }));
    await waitFor(() => expect(screen.queryByTestId('filter-chip')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Filter' }));
  });
});
