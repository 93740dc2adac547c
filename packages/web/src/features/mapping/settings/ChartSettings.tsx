import { Accordion } from '@mantine/core';
import {
  type Axis,
  type ChartType,
  type ChartVis,
  type ColorSchemeName,
  isNumericSeries,
  LINE_FAMILY,
} from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { AxisSettings } from './AxisSettings.tsx';
import { ChartDisplaySettings } from './ChartDisplaySettings.tsx';
import { ColorSettings } from './ColorSettings.tsx';
import { PolarSettings } from './PolarSettings.tsx';

export interface ChartSettingsProps {
  vis: ChartVis;
  chartType: ChartType;
  /** The group values of the card's data (group-by), for per-group colours. */
  groups?: string[];
  /** The dashboard's colour scale, shown while the card chooses none. */
  dashboardScheme?: ColorSchemeName;
  /** Every change here is display or colour only: the card needs no refetch. */
  onChange: (next: ChartVis) => void;
}

type AxisBucket = 'independent' | 'dependent';

/** An axis is numeric when every series on it yields numbers (then it offers fixed bounds and log scale). */
const numericAxis = (axis: Axis) => axis.series.length > 0 && axis.series.every(isNumericSeries);

/**
 * The chart settings panel of the mapping editor: chart display, one section per axis entry (line-family and
 * boxplot charts), pie or radar settings, and colours.
 */
export function ChartSettings({ vis, chartType, groups = [], dashboardScheme, onChange }: ChartSettingsProps) {
  const { t } = useTranslation('cardSettings');
  const cartesian = LINE_FAMILY.includes(chartType) || chartType === 'boxplot';
  const polar = chartType === 'pie' || chartType === 'radar';
  const swapped = chartType === 'bar' && vis.display.dependentAxis === 'x';
  const axisName = (bucket: AxisBucket, index: number, count: number) => {
    const letter = (bucket === 'dependent') !== swapped ? 'y' : 'x';
    return count > 1 ? t('axis.numbered', { axis: letter.toUpperCase(), number: index + 1 }) : t(`axis.${letter}`);
  };
  const setAxis = (bucket: AxisBucket, index: number, axis: Axis) =>
    onChange({ ...vis, [bucket]: vis[bucket].map((a, i) => (i === index ? axis : a)) });
  const axisItems = (bucket: AxisBucket) =>
    vis[bucket].map((axis, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: axis entries are positional (the second Y axis is entry 1)
      <Accordion.Item key={`${bucket}-${index}`} value={`${bucket}-${index}`}>
        <Accordion.Control>{axisName(bucket, index, vis[bucket].length)}</Accordion.Control>
        <Accordion.Panel>
          <AxisSettings axis={axis} numeric={numericAxis(axis)} onChange={(next) => setAxis(bucket, index, next)} />
        </Accordion.Panel>
      </Accordion.Item>
    ));
  return (
    // Sections open at once: a settings panel is read while its chart redraws beside it, not watched unfolding.
    <Accordion multiple defaultValue={['display']} variant="contained" chevronPosition="left" transitionDuration={0}>
      <Accordion.Item value="display">
        <Accordion.Control>{t('sections.display')}</Accordion.Control>
        <Accordion.Panel>
          <ChartDisplaySettings
            vis={vis}
            chartType={chartType}
            onChange={(patch) => onChange({ ...vis, display: { ...vis.display, ...patch } })}
          />
        </Accordion.Panel>
      </Accordion.Item>
      {cartesian && axisItems('independent')}
      {cartesian && axisItems('dependent')}
      {polar && (
        <Accordion.Item value="polar">
          <Accordion.Control>{t(`sections.${chartType}`)}</Accordion.Control>
          <Accordion.Panel>
            <PolarSettings vis={vis} chartType={chartType} onChange={(dependent) => onChange({ ...vis, dependent })} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
      <Accordion.Item value="colors">
        <Accordion.Control>{t('sections.colors')}</Accordion.Control>
        <Accordion.Panel>
          <ColorSettings
            vis={vis}
            groups={groups}
            dashboardScheme={dashboardScheme}
            onChange={(colors) => onChange({ ...vis, colors })}
          />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
