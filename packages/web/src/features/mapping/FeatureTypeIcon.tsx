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

/** A feature type's icon, named for screen readers and in a tooltip ('Number', 'Date'...). */
export function FeatureTypeIcon({ type, size = 16 }: { type: FeatureType; size?: number }) {
  const { t } = useTranslation('mapping');
  const Icon = ICONS[type];
  const label = t(`featureTypes.${type}`);
  return (
    <Tooltip label={label} openDelay={500}>
      <Icon size={size} aria-label={label} role="img" style={{ flexShrink: 0 }} />
    </Tooltip>
  );
}
