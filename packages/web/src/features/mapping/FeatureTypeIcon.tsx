import { Tooltip } from '@mantine/core';
import { IconAbc, IconCalendar, IconCategory, IconClock, IconHash, IconKey } from '@tabler/icons-react';
import type { FeatureType } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

const ICONS = {
  number: IconHash,
  date: IconCalendar,
  time: IconClock,
  category: IconCategory,
  text: IconAbc,
  id: IconKey,
} as const;

interface Props {
  type: FeatureType;
  size?: number;
  /**
   * Inside a control whose name already says the type ("Rain (Number)"): the icon is hidden from screen readers,
   * so that the control's visible text stays part of its name (WCAG 2.5.3).
   */
  decorative?: boolean;
}

/** A feature type's icon, named for screen readers and in a tooltip ('Number', 'Date'...). */
export function FeatureTypeIcon({ type, size = 16, decorative = false }: Props) {
  const { t } = useTranslation('mapping');
  const Icon = ICONS[type];
  const label = t(`featureTypes.${type}`);
  const named = decorative ? { 'aria-hidden': true } : { 'aria-label': label, role: 'img' };
  return (
    <Tooltip label={label} openDelay={500}>
      <Icon size={size} {...named} style={{ flexShrink: 0 }} />
    </Tooltip>
  );
}
