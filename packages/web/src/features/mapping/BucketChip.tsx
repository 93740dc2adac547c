import { useDraggable, useDroppable } from '@dnd-kit/core';
import { ActionIcon, Badge, Group, Paper, Popover, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import {
  type ChartType,
  type DashboardFilter,
  type DropTarget,
  describeFilter,
  isFilterValid,
  type MappingFeature,
  menuOperation,
  type Series,
} from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useSummaryWords } from '../filters/index.ts';
import classes from './BucketChip.module.css';
import type { BucketItem } from './bucketItems.ts';
import { chipDropId, itemDragId, type MappingDrag, seriesDragId } from './dnd.ts';
import { FeatureTypeIcon } from './FeatureTypeIcon.tsx';
import { FilterChipEditor } from './FilterChipEditor.tsx';
import { SeriesSettings } from './settings/SeriesSettings.tsx';

interface Props {
  item: BucketItem;
  /** The bucket the chip is in, and its place there (a chip dropped on it takes that place). */
  target: DropTarget;
  index: number;
  /** The mapped feature (undefined once it is gone from the project's datasets). */
  feature: MappingFeature | undefined;
  bucket: string;
  chartType: ChartType | undefined;
  color?: string;
  /** The colour the chart draws the series in while none is chosen (its colour scale's). */
  defaultColor?: string;
  /** Where a filter's category menu reads categories. */
  projectId: string;
  /** A filter chip that opens its menu at once (the filter just dropped). */
  opened?: boolean;
  onRemove: () => void;
  onFilterChange: (next: DashboardFilter) => void;
  onSeriesChange: (next: Series) => void;
  onColorChange?: (color: string | null) => void;
  onToggleOrder: () => void;
}

/**
 * One item of a bucket: the feature's name and type, its operation, a remove button; a series chip opens its
 * settings (the settings engineer's SeriesSettings) and can be dragged to another bucket, with the mouse or the
 * keyboard (Space picks it up, see useDropHandlers).
 */
export function BucketChip({
  item,
  target,
  index,
  feature,
  bucket,
  chartType,
  color,
  defaultColor,
  projectId,
  opened,
  onRemove,
  onFilterChange,
  onSeriesChange,
  onColorChange,
  onToggleOrder,
}: Props) {
  const { t } = useTranslation('mapping');
  const words = useSummaryWords();
  const name = feature?.name ?? t('chips.missingFeature');
  const complete = item.kind === 'filter' && item.filter.valid !== false && isFilterValid(item.filter, feature?.type);
  const shown = item.kind === 'series' && item.series.label ? item.series.label : name;
  const drag: MappingDrag =
    item.kind === 'series'
      ? { kind: 'series', seriesId: item.id, from: target, name: shown }
      : { kind: 'item', id: item.id, from: target, name: shown };
  const draggable = useDraggable({
    id: item.kind === 'series' ? seriesDragId(item.id) : itemDragId(item.id),
    data: drag,
    // A filter chip's click opens its menu; the order of filters does not matter.
    disabled: item.kind === 'filter',
    attributes: { roleDescription: t('chips.draggable') },
  });
  const droppable = useDroppable({ id: chipDropId(target, index), data: { target, index } });
  const setRef = (node: HTMLElement | null) => {
    draggable.setNodeRef(node);
    droppable.setNodeRef(node);
  };
  const operation =
    item.kind === 'series'
      ? menuOperation(item.series.operation)
      : item.kind === 'orderBy'
        ? menuOperation(item.entry.operation)
        : 'none';
  const operationWord = operation !== 'none' ? t(`cardSettings:operations.${operation}`) : null;
  // The name holds what the chip shows, its label and operation (WCAG 2.5.3 label in name).
  const settingsName = operationWord
    ? t('chips.settingsWithOperation', { name: shown, operation: operationWord })
    : t('chips.settings', { name: shown });
  const filterText = item.kind === 'filter' && complete ? describeFilter(item.filter, name, words) : shown;
  const label = (
    <Group gap={6} wrap="nowrap" miw={0}>
      {feature && <FeatureTypeIcon type={feature.type} size={14} />}
      <Text size="sm" truncate>
        {filterText}
      </Text>
      {/* A space between the words (a flex row does not draw it): the visible text reads "Turnover Sum", not
          "TurnoverSum", so that it is found in the name (axe label-content-name-mismatch, docs/accessibility.md). */}{' '}
      {operation !== 'none' && (
        <Badge size="xs" variant="light">
          {operationWord}
        </Badge>
      )}
      {item.kind === 'filter' && !complete && (
        <Badge size="xs" color="gray" variant="light">
          {t('chips.incomplete')}
        </Badge>
      )}
    </Group>
  );
  return (
    <Paper
      withBorder
      px={6}
      py={2}
      radius="sm"
      data-testid={`chip-${item.id}`}
      className={classes.chip}
      ref={setRef}
      style={{
        opacity: draggable.isDragging ? 0.4 : 1,
        borderLeft: color ? `4px solid ${color}` : undefined,
        boxShadow: droppable.isOver && !draggable.isDragging ? '0 -2px 0 var(--mantine-color-blue-6)' : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap" justify="space-between">
        {item.kind === 'series' ? (
          <Popover position="bottom-start" withinPortal shadow="md" width={320} trapFocus>
            <Popover.Target>
              <UnstyledButton
                {...draggable.listeners}
                {...draggable.attributes}
                aria-label={settingsName}
                className={classes.handle}
                style={{ minWidth: 0, flex: 1, touchAction: 'none' }}
              >
                {label}
              </UnstyledButton>
            </Popover.Target>
            <Popover.Dropdown>
              {feature ? (
                <SeriesSettings
                  series={item.series}
                  featureType={feature.type}
                  precision={feature.precision}
                  chartType={chartType}
                  bucket={bucket as never}
                  aggregated={bucket !== 'independent' && bucket !== 'groupBy'}
                  color={color}
                  defaultColor={defaultColor}
                  onColorChange={onColorChange}
                  onChange={onSeriesChange}
                />
              ) : (
                <Text size="sm">{t('chips.missingFeature')}</Text>
              )}
            </Popover.Dropdown>
          </Popover>
        ) : item.kind === 'filter' ? (
          <FilterChipEditor
            filter={item.filter}
            feature={feature}
            projectId={projectId}
            defaultOpened={opened}
            // What the chip shows, in its name (WCAG 2.5.3 label in name).
            shownText={complete ? filterText : `${filterText} ${t('chips.incomplete')}`}
            onChange={onFilterChange}
            onRemove={onRemove}
          >
            {label}
          </FilterChipEditor>
        ) : (
          <div
            {...draggable.listeners}
            {...draggable.attributes}
            className={classes.handle}
            style={{ minWidth: 0, flex: 1, touchAction: 'none' }}
          >
            {label}
          </div>
        )}
        {item.kind === 'orderBy' && (
          <ActionIcon
            size="sm"
            variant="subtle"
            onClick={onToggleOrder}
            aria-label={t(item.entry.type === 'ASC' ? 'orderBy.ascending' : 'orderBy.descending', { name })}
          >
            {item.entry.type === 'ASC' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />}
          </ActionIcon>
        )}
        <ActionIcon size="sm" variant="subtle" color="gray" onClick={onRemove} aria-label={t('chips.remove', { name })}>
          <IconX size={14} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
