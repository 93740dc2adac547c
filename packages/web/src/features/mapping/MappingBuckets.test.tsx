import { DndContext } from '@dnd-kit/core';
import { type DatasetDetail, defaultVis, newSeries, type Vis } from '@tessera/shared';
import { act, cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders } from '../../ui/testing.tsx';
import { BucketPanel } from './BucketPanel.tsx';
import { FeatureList } from './FeatureList.tsx';
import { bucketChoices, useBucketChoices } from './useBucketChoices.ts';
import { useDropHandlers } from './useDropHandlers.ts';
import { useMappingState } from './useMappingState.ts';
import { type FeatureCatalog, toMappingFeature } from './useProjectFeatures.ts';

const DS = 'd00000000000000000000001';
const feature = (n: number, name: string, type: DatasetDetail['features'][number]['type']) =>
  ({
    _id: `f0000000000000000000000${n}`,
    name,
    type,
    detectedType: type,
    precision: type === 'date' ? 'day' : null,
    description: '',
    hidden: false,
    dataset: { _id: DS },
    listIndex: n,
    preview: [],
    stats: { min: null, max: null, avg: null },
    db: { name: name, type: 'VARCHAR' },
  }) as DatasetDetail['features'][number];
const FEATURES = [feature(1, 'month', 'date'), feature(2, 'region', 'category'), feature(3, 'revenue', 'number')];
const catalog: FeatureCatalog = {
  datasets: [{ _id: DS, name: 'sales', features: FEATURES } as DatasetDetail],
  byId: new Map(FEATURES.map((f) => [f._id, toMappingFeature(f)])),
  loading: false,
  failed: false,
};

/** The left and middle of the mapping screen on one chart vis, with the real rules and state. */
function Harness({ initial }: { initial: Vis }) {
  const state = useMappingState(initial, 'chart');
  const choices = useBucketChoices('chart', state.vis);
  const drops = useDropHandlers(state.vis, 'chart', state.apply);
  return (
    <DndContext {...drops.dndProps}>
      <FeatureList catalog={catalog} choicesFor={choices.accepting} onAdd={drops.add} />
      <BucketPanel
        type="chart"
        vis={state.vis}
        features={catalog.byId}
        apply={state.apply}
        setVis={state.setVis}
        projectId="p0000000000000000000001"
        openFilterId={drops.newFilterId}
      />
      <output data-testid="filters">{JSON.stringify(state.vis.filters ?? [])}</output>
    </DndContext>
  );
}

const chips = (bucket: string) => within(screen.getByTestId(`bucket-${bucket}-0`)).queryAllByTestId(/^chip-/);

async function addByKeyboard(name: string, bucket: string) {
  screen.getByRole('button', { name: new RegExp(`^${name} \\(`) }).focus();
  await userEvent.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  await userEvent.click(within(menu).getByRole('menuitem', { name: bucket }));
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(cleanup);

describe('the mapping buckets (issue 8)', { timeout: 30_000 }, () => {
  it('adds columns from the keyboard menu; a number alone on X goes to Y; chips are removed', async () => {
    renderWithProviders(<Harness initial={defaultVis('chart')} />);
    await addByKeyboard('revenue', 'X axis');
    expect(chips('independent')).toHaveLength(0);
    expect(chips('dependent')).toHaveLength(1);
    await addByKeyboard('month', 'X axis');
    await addByKeyboard('region', 'Group By');
    expect(chips('independent')).toHaveLength(1);
    expect(chips('groupBy')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Remove region' }));
    expect(chips('groupBy')).toHaveLength(0);
  });

  it('offers only the buckets that accept the column now', async () => {
    renderWithProviders(<Harness initial={defaultVis('chart')} />);
    await addByKeyboard('month', 'X axis');
    screen.getByRole('button', { name: /^revenue \(/ }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const offered = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    // X is full; group by takes no raw number.
    expect(offered).toEqual(['Y axis', 'Gradient', 'Tooltip', 'Order By', 'Filters']);
  });

  it('the search filters the side list by column or dataset name', async () => {
    renderWithProviders(<Harness initial={defaultVis('chart')} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search columns' }), 'reg');
    expect(screen.getByRole('button', { name: /^region \(/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^revenue \(/ })).toBeNull();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search columns' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search columns' }), 'nothing like it');
    expect(screen.getByText('No columns found.')).toBeTruthy();
  });
});

describe('the Filters bucket', { timeout: 30_000 }, () => {
  const stored = () => JSON.parse(screen.getByTestId('filters').textContent ?? '[]') as Array<Record<string, unknown>>;

  it('a dropped column opens its filter menu; a value completes it and the chip tells the filter', async () => {
    renderWithProviders(<Harness initial={defaultVis('chart')} />);
    await addByKeyboard('revenue', 'Filters');
    const menu = await screen.findByTestId('filter-menu');
    expect(within(menu).getByText('Filter on revenue')).toBeTruthy();
    await userEvent.type(within(menu).getByRole('textbox', { name: 'Value' }), '12');
    await userEvent.click(within(menu).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('filter-menu')).toBeNull());
    expect(stored()).toEqual([
      expect.objectContaining({ type: 'value', operation: 'greater', value: 12, feature: { id: FEATURES[2]!._id } }),
    ]);
    expect(stored()[0]).not.toHaveProperty('valid');
    const chip = chips('filters')[0]!;
    expect(chip.textContent).toContain('revenue > 12');
    // The chip opens the menu again on the stored filter; a change of operation is kept.
    await userEvent.click(within(chip).getByRole('button', { name: 'Edit the filter: revenue > 12' }));
    const again = await screen.findByTestId('filter-menu');
    expect((within(again).getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe('12');
    await userEvent.click(within(again).getByRole('combobox', { name: 'Operation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Less than' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(stored()[0]).toMatchObject({ operation: 'less', value: 12 }));
  });

  it('a filter left incomplete is dropped when its menu closes', async () => {
    renderWithProviders(<Harness initial={defaultVis('chart')} />);
    await addByKeyboard('region', 'Filters');
    const menu = await screen.findByTestId('filter-menu');
    expect(stored()).toHaveLength(1);
    await userEvent.click(within(menu).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(stored()).toEqual([]));
    expect(chips('filters')).toHaveLength(0);
  });
});

describe('useMappingState: the preview refetches only when the rules say so', () => {
  it('moves the data vis on a bucket change, not on a colour or display change', () => {
    const { result } = renderHook(() => useMappingState(defaultVis('chart'), 'chart'));
    const first = result.current.dataVis;
    act(() => result.current.setVis({ ...result.current.vis, display: { hasLegend: false } }));
    expect(result.current.dataVis).toBe(first);
    expect(result.current.dirty).toBe(true);
    const withSeries = {
      ...result.current.vis,
      dependent: [{ series: [{ id: 's1', feature: { _id: FEATURES[2]!._id }, operation: '' }] }],
    };
    act(() => result.current.setVis(withSeries));
    expect(result.current.dataVis).toBe(withSeries);
    act(() => result.current.setVis({ ...withSeries, colors: { series: { s1: '#ff0000' } } }));
    expect(result.current.dataVis).toBe(withSeries);
  });
});

describe('custom (beta) card buckets', () => {
  it.each([
    ['comparisonKpi', ['KPIs', 'Filters']],
    ['imageKpi', ['KPIs', 'Filters']],
    ['network', ['X axis (source)', 'Group By (target)', 'Y axis (value)', 'Filters']],
    ['markdown', []],
  ])('%s offers %j', (subtype, labels) => {
    const t = i18n.getFixedT('en', 'mapping');
    expect(bucketChoices(t, 'custom', { subtype, filters: [] }).map((c) => c.label)).toEqual(labels);
  });
});

describe('moving columns and chips with the keyboard (dnd-kit keyboard sensor)', { timeout: 30_000 }, () => {
  const series = (id: string, n: number) => newSeries(catalog.byId.get(FEATURES[n]!._id)!, id);
  // Y: revenue; Tooltip: month, region, revenue.
  const mapped = {
    ...defaultVis('chart'),
    dependent: [{ series: [series('rev', 2)] }],
    tooltip: { ...(defaultVis('chart').tooltip as object), series: [series('m', 0), series('r', 1), series('t', 2)] },
  } as Vis;
  const ids = (bucket: string) => chips(bucket).map((chip) => chip.dataset.testid);
  const announced = () => document.querySelector('[id^="DndLiveRegion-"]')?.textContent ?? '';
  const press = async (...keys: string[]) => {
    for (const key of keys) await userEvent.keyboard(key);
  };

  it('moves a chip to another bucket: Space picks it up, the arrows choose the bucket, Space drops it', async () => {
    renderWithProviders(<Harness initial={mapped} />);
    within(screen.getByTestId('chip-rev')).getByRole('button', { name: 'Settings of revenue' }).focus();
    await press(' ');
    expect(announced()).toBe('Picked up revenue. Use the arrow keys to choose where it goes.');
    // The next place that takes it: Group By takes no raw number; past Gradient, the Tooltip has revenue already
    // and Order By takes no chip of another bucket, so Gradient is the last place.
    await press('{ArrowDown}');
    expect(announced()).toBe('revenue is over Gradient.');
    await press('{ArrowDown}');
    expect(announced()).toBe('revenue is over Gradient.');
    await press('{ArrowUp}', '{ArrowUp}');
    expect(announced()).toBe('revenue is over X axis.');
    await press('{ArrowDown}', '{ArrowDown}', ' ');
    expect(announced()).toBe('revenue dropped in Gradient.');
    expect(ids('dependent')).toEqual([]);
    expect(ids('gradientDimension')).toEqual(['chip-rev']);
    // The focus follows the chip to its new bucket, ready for the next move.
    const moved = within(screen.getByTestId('chip-rev')).getByRole('button', { name: 'Settings of revenue' });
    await waitFor(() => expect(document.activeElement).toBe(moved));
    // The drop did not open the chip's settings.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reorders the chips of a bucket: the arrows go from place to place', async () => {
    renderWithProviders(<Harness initial={mapped} />);
    screen.getByRole('button', { name: 'Settings of region' }).focus();
    await press(' ', '{ArrowUp}');
    expect(announced()).toBe('region is at place 1 of 3 in Tooltip.');
    await press('{Enter}');
    expect(announced()).toBe('region moved to place 1 of 3 in Tooltip.');
    expect(ids('tooltip')).toEqual(['chip-r', 'chip-m', 'chip-t']);
    screen.getByRole('button', { name: 'Settings of month' }).focus();
    await press(' ', '{ArrowDown}', '{ArrowDown}', ' ');
    expect(ids('tooltip')).toEqual(['chip-r', 'chip-t', 'chip-m']);
  });

  it('Escape puts the picked up chip back: nothing changes', async () => {
    renderWithProviders(<Harness initial={mapped} />);
    screen.getByRole('button', { name: 'Settings of region' }).focus();
    await press(' ', '{ArrowUp}', '{ArrowUp}');
    expect(announced()).toBe('region is over Group By.');
    await press('{Escape}');
    expect(announced()).toBe('region was put back: nothing changed.');
    expect(ids('tooltip')).toEqual(['chip-m', 'chip-r', 'chip-t']);
    expect(ids('dependent')).toEqual(['chip-rev']);
  });

  it('drops a column of the list on a bucket that takes it; Enter still opens its menu', async () => {
    renderWithProviders(<Harness initial={defaultVis('chart')} />);
    const revenue = screen.getByRole('button', { name: /^revenue \(/ });
    revenue.focus();
    await press(' ', '{ArrowDown}');
    expect(announced()).toBe('revenue is over X axis.');
    await press(' ');
    // The mouse's rules: a number alone on X goes to Y.
    expect(chips('independent')).toHaveLength(0);
    expect(chips('dependent')).toHaveLength(1);
    expect(screen.queryByRole('menu')).toBeNull();
    revenue.focus();
    await press('{Enter}');
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('names a chip by what it shows, its label and operation (label in name), in English and French', async () => {
    const labelled = { ...series('rev', 2), label: 'Turnover', operation: 'sum' };
    renderWithProviders(<Harness initial={{ ...mapped, dependent: [{ series: [labelled] }] } as Vis} />);
    const chip = within(screen.getByTestId('chip-rev'));
    expect(chip.getByText('Turnover')).toBeTruthy();
    expect(chip.getByText('Sum')).toBeTruthy();
    const button = chip.getByRole('button', { name: 'Settings of Turnover, Sum' });
    // Its text as axe-core reads it (the text nodes joined): the words apart, each found in the name.
    expect(button.textContent).toBe('Turnover Sum');
    cleanup();
    await i18n.changeLanguage('fr');
    renderWithProviders(<Harness initial={{ ...mapped, dependent: [{ series: [labelled] }] } as Vis} />);
    expect(
      within(screen.getByTestId('chip-rev')).getByRole('button', { name: 'Réglages de Turnover, Somme' }),
    ).toBeTruthy();
  });

  it('tells the instructions in French', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(<Harness initial={mapped} />);
    const handle = screen.getByRole('button', { name: 'Réglages de region' });
    expect(handle.getAttribute('aria-roledescription')).toBe('colonne déplaçable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions?.textContent).toContain('Pour saisir une colonne, appuyez sur Espace');
    handle.focus();
    await press(' ', '{ArrowUp}');
    expect(announced()).toBe("La colonne region est en position 1 sur 3 dans l'emplacement Infobulle.");
    await press('{Escape}');
  });
});
