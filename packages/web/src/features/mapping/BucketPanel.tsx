import { SimpleGrid, Stack } from '@mantine/core';
import {
  type ChartType,
  chartVisOf,
  type MappingFeature,
  type MappingResult,
  removeFilter,
  removeOrderBy,
  removeSeries,
  removeTableColumn,
  replaceFilter,
  replaceSeries,
  setOrderByDirection,
  type UnitType,
  type Vis,
} from '@tessera/shared';
import { defaultSeriesColors } from '../charts/index.ts';
import { Bucket } from './Bucket.tsx';
import { BucketChip } from './BucketChip.tsx';
import { type BucketItem, bucketItems } from './bucketItems.ts';
import { useBucketChoices } from './useBucketChoices.ts';

interface Props {
  type: UnitType;
  vis: Vis;
  features: Map<string, MappingFeature>;
  apply: (result: MappingResult) => void;
  setVis: (next: Vis) => void;
  /** Where the filter menus read categories. */
  projectId: string;
  /** The filter just dropped on the Filters bucket: its menu opens at once. */
  openFilterId?: string | null;
}

type SeriesColors = Record<string, string>;

/** Every bucket of the card (X, Y, group by, dot size, gradient, tooltip, order by, filters; KPIs; columns). */
export function BucketPanel({ type, vis, features, apply, setVis, projectId, openFilterId }: Props) {
  const { all } = useBucketChoices(type, vis);
  const scaleColors = type === 'chart' ? defaultSeriesColors(chartVisOf(vis)) : {};
  const chartType = type === 'chart' ? ((vis.chartType as ChartType | undefined) ?? 'area') : undefined;
  const colors = ((vis.colors as { series?: SeriesColors } | undefined)?.series ?? {}) as SeriesColors;

  const remove = (item: BucketItem) => {
    if (item.kind === 'column') return apply(removeTableColumn(vis, item.id));
    if (item.kind === 'orderBy') return apply(removeOrderBy(vis, item.id));
    if (item.kind === 'filter') return apply(removeFilter(vis, item.id));
    apply(removeSeries(vis, item.id));
  };
  const setColor = (id: string, color: string | null) => {
    const current = (vis.colors ?? {}) as Record<string, unknown>;
    const series = { ...colors };
    if (color) series[id] = color;
    else delete series[id];
    setVis({ ...vis, colors: { ...current, series } });
  };

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xs" verticalSpacing="xs">
        {all.map((choice) => {
          const items = bucketItems(vis, choice.target);
          return (
            <Bucket
              key={choice.key}
              target={choice.target}
              label={choice.label}
              multiple={choice.multiple}
              type={type}
              vis={vis}
              empty={items.length === 0}
            >
              {items.map((item, index) => (
                <BucketChip
                  key={item.id}
                  item={item}
                  target={choice.target}
                  index={index}
                  feature={features.get(item.featureId)}
                  bucket={choice.target.bucket}
                  chartType={chartType}
                  color={item.kind === 'series' && type === 'chart' ? colors[item.id] : undefined}
                  defaultColor={item.kind === 'series' ? scaleColors[item.id] : undefined}
                  projectId={projectId}
                  opened={item.kind === 'filter' && item.id === openFilterId}
                  onColorChange={type === 'chart' ? (color) => setColor(item.id, color) : undefined}
                  onRemove={() => remove(item)}
                  onFilterChange={(next) => apply(replaceFilter(vis, next, features.get(item.featureId)?.type))}
                  onSeriesChange={(next) => apply(replaceSeries(vis, next))}
                  onToggleOrder={() =>
                    item.kind === 'orderBy' &&
                    apply(setOrderByDirection(vis, item.id, item.entry.type === 'ASC' ? 'DESC' : 'ASC'))
                  }
                />
              ))}
            </Bucket>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
