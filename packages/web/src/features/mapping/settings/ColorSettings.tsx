import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type ChartVis,
  COLOR_SCHEME_NAMES,
  type ColorSchemeName,
  DEFAULT_COLOR_SCHEME,
  GRADIENT_DEFAULTS,
  PRODUCT_NAME,
} from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { categoryColors, pageCategoryColors } from '../../charts/index.ts';
import { ColorField } from './ColorField.tsx';

export type ChartColors = ChartVis['colors'];

interface Props {
  vis: ChartVis;
  /** The group values of the card's data (its group-by series), in the order the chart draws them. */
  groups: string[];
  /** The dashboard's scale: what the card uses while it stores none. */
  dashboardScheme?: ColorSchemeName;
  onChange: (colors: ChartColors) => void;
}

/** Keeps a colour map without the key when the colour is cleared. */
function setColor(map: Record<string, string> | undefined, key: string, color: string | null) {
  const next = { ...map };
  if (color === null) delete next[key];
  else next[key] = color;
  return next;
}

/**
 * A chart's colours (vis colors): its colour scale (the dashboard's when none is chosen), one colour
 * per group value, and the gradient's High and Low colours when a gradient is mapped.
 */
export function ColorSettings({ vis, groups, dashboardScheme = DEFAULT_COLOR_SCHEME, onChange }: Props) {
  const { t } = useTranslation('cardSettings');
  const { t: tApps } = useTranslation('dashboards');
  const colors = vis.colors;
  const scheme = colors.colorScheme ?? dashboardScheme;
  // The colours the chart gives its groups: by category, as remembered on this page (categoryColors.ts).
  const groupFeature = vis.groupBy[0]?.series[0]?.feature._id ?? '';
  const groupDefaults = categoryColors(
    groups,
    scheme,
    pageCategoryColors.scope(`${scheme}|${groupFeature}`),
    pageCategoryColors,
  );
  const gradient = vis.gradientDimension.some((axis) => axis.series.length > 0);
  return (
    <Stack gap="xs">
      <Select
        size="xs"
        label={t('colors.colorScheme')}
        placeholder={t('colors.dashboardScheme')}
        clearable
        searchable
        value={colors.colorScheme ?? null}
        data={COLOR_SCHEME_NAMES.map((name) => ({
          value: name,
          label: tApps(`colorScales.${name}`, { product: PRODUCT_NAME }),
        }))}
        onChange={(value) => {
          const next = { ...colors };
          if (value) next.colorScheme = value as ColorSchemeName;
          else delete next.colorScheme;
          onChange(next);
        }}
      />
      {groups.length > 0 && (
        <>
          <Text size="xs" fw={600}>
            {t('colors.groups')}
          </Text>
          <SimpleGrid cols={2} spacing="xs">
            {groups.map((group) => (
              <ColorField
                key={group}
                label={group}
                value={colors.groups?.[group]}
                placeholder={groupDefaults.get(group)}
                onChange={(color) => onChange({ ...colors, groups: setColor(colors.groups, group, color) })}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      {gradient && (
        <SimpleGrid cols={2} spacing="xs">
          {(['High', 'Low'] as const).map((end) => (
            <ColorField
              key={end}
              label={t(`colors.gradient${end}`)}
              value={colors.gradients?.[end]}
              placeholder={GRADIENT_DEFAULTS[end]}
              onChange={(color) =>
                onChange({ ...colors, gradients: setColor(colors.gradients, end, color) as ChartColors['gradients'] })
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
