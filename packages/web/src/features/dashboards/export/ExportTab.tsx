import { Box, Group, Text, Title } from '@mantine/core';
import { describeFilter, type PublicDashboard, type PublicFeature, type Tab, type Unit } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { completeLayout } from '../../canvas/index.ts';
import { chipText, useCrossFilters } from '../../crossFilters/index.ts';
import { useActiveFilters, useSummaryWords } from '../../filters/index.ts';
import { ExportCard } from './ExportCard.tsx';
import { ExportTable } from './ExportTable.tsx';
import { printBands } from './exportProgress.ts';

interface Props {
  dashboard: Pick<PublicDashboard, 'name' | '_id'>;
  features: readonly PublicFeature[];
  tab: Tab;
  units: Unit[];
  /** When the export was asked for (ISO). */
  at: string;
  first: boolean;
  /** The whole tab is the PNG's subject. */
  target: boolean;
  /** The card that is the PNG's subject, if any. */
  targetUnitId: string | null;
  onTableLoaded(unitId: string): void;
}

/** Pixels of one grid row on paper: a chart or KPI card keeps its height in rows. */
const ROW_PX = 70;

/** One tab of an export: a new page, its header (data app, tab, time, filters in force), then its cards. */
export function ExportTab({ dashboard, features, tab, units, at, first, target, targetUnitId, onTableLoaded }: Props) {
  const { t, i18n } = useTranslation('dashboards');
  const { t: filterWords } = useTranslation('filters');
  const words = useSummaryWords();
  const { filters } = useActiveFilters(dashboard._id, tab._id);
  const cross = useCrossFilters(dashboard._id, tab._id);
  const featureName = (id: string) => features.find((f) => f._id === id)?.name ?? t('filters:summary.unknownFeature');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at));
  const byId = new Map(units.map((unit) => [unit._id, unit]));
  const layout = completeLayout(
    units.map((unit) => unit._id),
    tab.layout,
  ).filter((item) => byId.has(item.i));
  const bands = printBands(layout, (item) => byId.get(item.i)?.type === 'table');

  return (
    <Box
      component="section"
      p="md"
      style={{ breakBefore: first ? 'auto' : 'page' }}
      data-testid="export-tab"
      {...(target ? { 'data-export-target': 'true' } : {})}
    >
      <Box mb="md" style={{ breakInside: 'avoid' }}>
        <Title order={1} size="h3">
          {dashboard.name}
        </Title>
        <Title order={2} size="h4" fw={500}>
          {tab.name}
        </Title>
        <Text size="sm" c="dimmed">
          {t('export.madeAt', { time })}
        </Text>
        <Text size="sm" data-testid="export-filters">
          {filters.length === 0
            ? t('export.noFilters')
            : t('export.filters', {
                list: filters.map((f) => describeFilter(f, featureName(f.feature.id), words)).join(' · '),
              })}
        </Text>
        {cross.entries.length > 0 && (
          <Text size="sm" data-testid="export-cross-filters">
            {t('export.crossFilters', { list: cross.entries.map((entry) => chipText(filterWords, entry)).join(' · ') })}
          </Text>
        )}
      </Box>
      {bands.map((band) => {
        const key = band.map((item) => item.i).join('-');
        const [only] = band;
        const table = only && band.length === 1 ? byId.get(only.i) : undefined;
        if (table?.type === 'table') {
          return (
            <Box key={key} mb="md" {...(targetUnitId === table._id ? { 'data-export-target': 'true' } : {})}>
              <ExportTable unit={table} onLoaded={onTableLoaded} />
            </Box>
          );
        }
        return (
          <Group key={key} gap="md" align="stretch" wrap="nowrap" mb="md">
            {band.map((item) => {
              const unit = byId.get(item.i) as Unit;
              return (
                <Box
                  key={unit._id}
                  w={`calc(${(item.w / 12) * 100}% - 16px)`}
                  h={item.h * ROW_PX}
                  style={{ breakInside: 'avoid', flexShrink: 0 }}
                  {...(targetUnitId === unit._id ? { 'data-export-target': 'true' } : {})}
                >
                  <ExportCard unit={unit} h={item.h} />
                </Box>
              );
            })}
          </Group>
        );
      })}
    </Box>
  );
}
