import { Box, Button, Menu, ScrollArea, Text } from '@mantine/core';
import { IconCheck, IconPalette } from '@tabler/icons-react';
import { COLOR_SCHEME_NAMES, COLOR_THEMES, type ColorSchemeName, PRODUCT_NAME, schemeColors } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

const SWATCHES = 8;

/** A scale drawn as a strip of its colours (a categorical scale's first ones, others sampled end to end). */
export function Swatches({ scheme }: { scheme: ColorSchemeName }) {
  const colors = schemeColors(scheme, SWATCHES);
  const step = 100 / colors.length;
  const stops = colors.map((color, i) => `${color} ${i * step}% ${(i + 1) * step}%`).join(', ');
  return (
    <Box
      aria-hidden
      w={SWATCHES * 12}
      h={12}
      style={{ borderRadius: 3, background: `linear-gradient(to right, ${stops})` }}
    />
  );
}

interface Props {
  current: ColorSchemeName;
  busy: boolean;
  onChoose: (scheme: ColorSchemeName) => void;
}

/**
 * The dashboard colour menu (editors only, hidden by hideDashboardColors): the six preset themes
 * and the 22 named colour scales, each shown as swatches; the dashboard's current scale is checked.
 */
export function ColorMenu({ current, busy, onChoose }: Props) {
  const { t } = useTranslation('dashboards');
  const item = (key: string, scheme: ColorSchemeName, label: string) => (
    <Menu.Item
      key={key}
      disabled={busy}
      onClick={() => onChoose(scheme)}
      rightSection={<Swatches scheme={scheme} />}
      leftSection={scheme === current ? <IconCheck size={14} /> : <Box w={14} />}
      aria-current={scheme === current || undefined}
    >
      <Text size="sm" truncate>
        {label}
      </Text>
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" width={300} shadow="md" withinPortal closeOnItemClick>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconPalette size={16} />}>
          {t('header.colors')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={420} type="auto">
          <Menu.Label>{t('header.themes')}</Menu.Label>
          {COLOR_THEMES.map((theme) => item(`theme-${theme.key}`, theme.colorScheme, t(`colorThemes.${theme.key}`)))}
          <Menu.Divider />
          <Menu.Label>{t('header.colorScale')}</Menu.Label>
          {COLOR_SCHEME_NAMES.map((name) => item(name, name, t(`colorScales.${name}`, { product: PRODUCT_NAME })))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
