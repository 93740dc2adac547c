import { useDraggable } from '@dnd-kit/core';
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { MappingFeature } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { featureDragId, type MappingDrag } from './dnd.ts';
import { FeatureTypeIcon } from './FeatureTypeIcon.tsx';
import type { BucketChoice } from './useBucketChoices.ts';

interface Props {
  feature: MappingFeature;
  /** The buckets this feature may go to now (Enter opens this list). */
  choices: BucketChoice[];
  onAdd: (choice: BucketChoice) => void;
}

/**
 * One feature of the side list: dragged with the mouse (or touch) onto a bucket, or with the keyboard (Space picks
 * it up, the arrow keys choose the bucket: see useDropHandlers); Enter (or a click) opens an "Add to…" menu of the
 * buckets that accept it.
 */
export function FeatureItem({ feature, choices, onAdd }: Props) {
  const { t } = useTranslation('mapping');
  const data: MappingDrag = { kind: 'feature', feature };
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: featureDragId(feature._id), data });
  return (
    <Menu position="right-start" withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton
          ref={setNodeRef}
          {...listeners}
          {...attributes}
          role="button"
          aria-roledescription={t('features.draggable')}
          aria-label={t('features.item', { name: feature.name, type: t(`featureTypes.${feature.type}`) })}
          data-testid={`feature-${feature._id}`}
          px="xs"
          py={4}
          w="100%"
          style={{ borderRadius: 4, opacity: isDragging ? 0.4 : 1, cursor: 'grab', touchAction: 'none' }}
          className="mapping-feature"
        >
          <Group gap={6} wrap="nowrap">
            <FeatureTypeIcon type={feature.type} size={14} decorative />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {feature.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('features.addTo', { name: feature.name })}</Menu.Label>
        {choices.length === 0 && <Menu.Item disabled>{t('features.nowhere')}</Menu.Item>}
        {choices.map((choice) => (
          <Menu.Item key={choice.key} onClick={() => onAdd(choice)}>
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
