import { DndContext, DragOverlay } from '@dnd-kit/core';
import { Box, Grid, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { type ChartType, chartVisOf, type Unit, type UnitType, type Vis, withValidFilters } from '@tessera/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomMappingEditor } from '../cards/index.ts';
import { defaultHasDotForRows } from '../charts/index.ts';
import { BucketPanel } from './BucketPanel.tsx';
import { ChartTypePicker } from './ChartTypePicker.tsx';
import { DropRefusalAlert } from './DropRefusalAlert.tsx';
import { FeatureList } from './FeatureList.tsx';
import { subtypeOf } from './initialVis.ts';
import { groupValues, LivePreview } from './LivePreview.tsx';
import { MappingHeader } from './MappingHeader.tsx';
import { MappingHelp } from './MappingHelp.tsx';
import { ChartSettings } from './settings/ChartSettings.tsx';
import { DotsDefaultContext } from './settings/dotsDefault.ts';
import { useBucketChoices } from './useBucketChoices.ts';
import { useDropHandlers } from './useDropHandlers.ts';
import type { MappingState } from './useMappingState.ts';
import { usePreviewData } from './usePreviewData.ts';
import { useProjectFeatures } from './useProjectFeatures.ts';

interface Props {
  projectId: string;
  unit: Unit;
  type: UnitType;
  state: MappingState;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: () => void;
}

/**
 * The card mapping editor (issue 8): the project's features on the left, the chart type and
 * the buckets in the middle, the live preview and the chart settings on the right. Features are dragged onto
 * buckets with the mouse or the keyboard (or added from a feature's "Add to…" menu); every edit goes through the
 * shared mapping rules.
 */
export function MappingEditor({ projectId, unit, type, state, saving, error, onCancel, onSave }: Props) {
  const { t } = useTranslation('mapping');
  const { vis, dataVis, setVis, apply } = state;
  const catalog = useProjectFeatures(projectId);
  const choices = useBucketChoices(type, vis);
  const drops = useDropHandlers(vis, type, apply);
  const subtype = subtypeOf(unit, vis, type);
  // The card's own filters apply to the preview once complete (only valid filters are sent).
  const requestVis = useMemo(
    () => withValidFilters(dataVis, (id) => catalog.byId.get(id)?.type),
    [dataVis, catalog.byId],
  );
  const preview = usePreviewData(unit, type, subtype, requestVis, vis);
  const buckets = (
    <BucketPanel
      type={type}
      vis={vis}
      features={catalog.byId}
      apply={apply}
      setVis={setVis}
      projectId={projectId}
      openFilterId={drops.newFilterId}
    />
  );
  const chart = type === 'chart' ? chartVisOf(vis) : null;
  const chartType = (chart?.chartType ?? 'area') as ChartType;
  const rows = preview.card.data?.data;
  const dotsByDefault = defaultHasDotForRows(Array.isArray(rows) ? rows : [], chart?.independent[0]?.series[0]?.id);
  const draggedName =
    drops.dragging?.kind === 'feature' ? drops.dragging.feature.name : drops.dragging ? t('chips.moving') : null;

  return (
    <DotsDefaultContext.Provider value={dotsByDefault}>
      {/* What the item is over: the chip or bucket under the pointer (a chip before its bucket: a chip dropped on
          one takes its place), or the place the arrow keys chose. */}
      <DndContext {...drops.dndProps}>
        <Stack gap="sm" p="md" data-testid="mapping-screen">
          <MappingHeader name={unit.name} saving={saving} error={error} onCancel={onCancel} onSave={onSave} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 3, xl: 2 }}>
              <Paper withBorder p="xs" radius="md" h={{ base: 320, md: 'calc(100vh - 170px)' }}>
                <FeatureList catalog={catalog} choicesFor={choices.accepting} onAdd={drops.add} />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4, xl: 5 }}>
              <Stack gap="sm">
                <MappingHelp />
                <DropRefusalAlert refusal={drops.refused} onClose={drops.dismissRefusal} />
                {type === 'chart' && <ChartTypePicker vis={vis} setVis={setVis} />}
                {type === 'custom' ? (
                  <CustomMappingEditor unit={unit} vis={vis} onChange={setVis} buckets={buckets} />
                ) : (
                  buckets
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="sm">
                <LivePreview unit={unit} type={type} subtype={subtype} preview={preview} />
                {chart && (
                  <ScrollArea.Autosize mah="calc(100vh - 600px)" mih={200} type="auto">
                    <ChartSettings
                      vis={chart}
                      chartType={chartType}
                      groups={groupValues(preview, chart.groupBy[0]?.series[0]?.id)}
                      onChange={(next) => setVis(next as Vis)}
                    />
                  </ScrollArea.Autosize>
                )}
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
        <DragOverlay dropAnimation={null}>
          {draggedName && (
            <Box px="xs" py={4} bg="var(--mantine-color-body)" style={{ border: '1px solid', borderRadius: 4 }}>
              <Text size="sm">{draggedName}</Text>
            </Box>
          )}
        </DragOverlay>
      </DndContext>
    </DotsDefaultContext.Provider>
  );
}
