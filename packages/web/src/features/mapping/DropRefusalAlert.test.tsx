import type { DragEndEvent } from '@dnd-kit/core';
import { type ChartVis, defaultVis, type MappingFeature, type Vis } from '@tessera/shared';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders } from '../../ui/testing.tsx';
import { DropRefusalAlert } from './DropRefusalAlert.tsx';
import { bucketDropId } from './dnd.ts';
import { useDropHandlers } from './useDropHandlers.ts';
import { useMappingState } from './useMappingState.ts';

const feature = (n: number, name: string, type: MappingFeature['type'], dataset: string): MappingFeature => ({
  _id: `f0000000000000000000000${n}`,
  name,
  type,
  dataset: { _id: dataset },
});
const CITY = feature(1, 'city', 'category', 'd00000000000000000000001');
const RAIN = feature(2, 'rain', 'number', 'd00000000000000000000001');
const SALES = feature(3, 'sales', 'number', 'd00000000000000000000002');

let dragEnd: (event: DragEndEvent) => void = () => {};

function Harness({ initial }: { initial: Vis }) {
  const state = useMappingState(initial, 'chart');
  const drops = useDropHandlers(state.vis, 'chart', state.apply);
  dragEnd = drops.dndProps.onDragEnd;
  return (
    <>
      <DropRefusalAlert refusal={drops.refused} onClose={drops.dismissRefusal} />
      <output data-testid="vis">{JSON.stringify(state.vis)}</output>
    </>
  );
}

const dropOn = (bucket: 'independent' | 'dependent', f: MappingFeature) =>
  act(() =>
    dragEnd({
      active: { id: `feature:${f._id}`, data: { current: { kind: 'feature', feature: f } } },
      over: { id: bucketDropId({ bucket, axis: 0 }) },
    } as unknown as DragEndEvent),
  );
const dependentIds = () =>
  (JSON.parse(screen.getByTestId('vis').textContent ?? '{}') as ChartVis).dependent.flatMap((a) =>
    a.series.map((s) => s.feature._id),
  );

afterEach(cleanup);

describe('a refused drop says why (issue #20 item 3)', () => {
  it.each([
    ['en', 'A chart reads one dataset: this column comes from another one.'],
    ['fr', "Un graphique lit un seul jeu de données : cette colonne vient d'un autre."],
  ])('a column of another dataset is refused at the drop, with the reason (%s)', async (language, reason) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<Harness initial={{ ...defaultVis('chart'), chartType: 'bar' }} />);
    dropOn('independent', CITY);
    dropOn('dependent', RAIN);
    expect(screen.queryByRole('alert')).toBeNull();
    dropOn('dependent', SALES);
    expect(screen.getByRole('alert').textContent).toContain(reason);
    expect(dependentIds()).toEqual([RAIN._id]);
    await userEvent.click(screen.getByRole('button', { name: language === 'en' ? 'Dismiss' : 'Fermer' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a full bucket says it takes one column; the next accepted drop clears the message', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<Harness initial={{ ...defaultVis('chart'), chartType: 'bar' }} />);
    dropOn('independent', CITY);
    dropOn('independent', { ...CITY, _id: 'f00000000000000000000009', name: 'country' });
    expect(screen.getByRole('alert').textContent).toContain('This bucket takes one column: remove it first.');
    dropOn('dependent', RAIN);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
