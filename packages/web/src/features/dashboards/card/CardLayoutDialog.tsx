import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowLeft, IconArrowRight, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CardLayoutControls, LayoutStep } from '../grid/cardLayoutKeys.tsx';
import type { Direction } from '../grid/keyboardLayout.ts';

interface Props {
  kind: LayoutStep;
  unitId: string;
  name: string;
  controls: CardLayoutControls;
  onClose: () => void;
}

const ICONS = { left: IconArrowLeft, right: IconArrowRight, up: IconArrowUp, down: IconArrowDown };

/** The buttons' words: where the card goes, or how its size changes (its top left corner stays). */
const WORDS: Record<LayoutStep, Record<Direction, string>> = {
  move: { left: 'layout.left', right: 'layout.right', up: 'layout.up', down: 'layout.down' },
  resize: { left: 'layout.narrower', right: 'layout.wider', up: 'layout.shorter', down: 'layout.taller' },
};

/**
 * Move or Resize from the card menu, for those who use a single pointer or no pointer at all (WCAG 2.5.7,
 * docs/accessibility.md "Layout by keyboard"): one button per step, the card's place shown and announced after
 * each. The focus stays on the button pressed, so the same step can be repeated.
 */
export function CardLayoutDialog({ kind, unitId, name, controls, onClose }: Props) {
  const { t } = useTranslation('dashboards');
  const button = (direction: Direction) => {
    const Icon = ICONS[direction];
    return (
      <Button
        variant="default"
        leftSection={<Icon size={16} />}
        onClick={() => controls.step(kind, unitId, direction, true)}
      >
        {t(WORDS[kind][direction])}
      </Button>
    );
  };
  return (
    <Modal opened onClose={onClose} returnFocus={false} title={t(`layout.${kind}Title`, { name })} size="sm" centered>
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="xs">
          {button('left')}
          {button('right')}
          {button('up')}
          {button('down')}
        </SimpleGrid>
        <Text size="sm" role="status" aria-live="polite" aria-atomic="true">
          {controls.describe(kind, unitId)}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('layout.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
