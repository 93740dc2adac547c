import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconChartDots } from '@tabler/icons-react';
import type { Unit } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { placeholderIconShown } from '../grid/gridLayout.ts';
import { emptyHint, placeholderKeys } from './placeholders.ts';

interface Props {
  code: string;
  unit: Pick<Unit, 'type' | 'subtype' | 'vis'>;
  /** The card's height in grid rows; undefined when unknown (the icon then shows). */
  h: number | undefined;
  /** Outside the mapping screen the empty placeholder tells editors how to finish the card. */
  showFinishHint: boolean;
}

/** A card's placeholder (spec 2 §8): header and text, with an icon only on cards 150 px high or more. */
export function CardPlaceholder({ code, unit, h, showFinishHint }: Props) {
  const { t } = useTranslation('dataApps');
  const empty = code === 'empty';
  const keys = placeholderKeys(code);
  const icon = placeholderIconShown(h);
  return (
    <Center h="100%" p="sm">
      <Stack align="center" gap={6} maw={420}>
        {icon && (
          <ThemeIcon variant="light" color={empty ? 'blue' : 'red'} size="lg" radius="xl">
            {empty ? <IconChartDots size={18} /> : <IconAlertTriangle size={18} />}
          </ThemeIcon>
        )}
        {!empty && (
          <Text fw={600} size="sm" ta="center">
            {t(keys.header)}
          </Text>
        )}
        {empty ? (
          <>
            <Text size="sm" c="dimmed" ta="center">
              {t(`placeholders.empty.${emptyHint(unit)}`)}
            </Text>
            {showFinishHint && (
              <Text size="xs" c="dimmed" ta="center">
                {t('placeholders.empty.finish')}
              </Text>
            )}
          </>
        ) : (
          keys.text && (
            <Text size="sm" c="dimmed" ta="center">
              {t(keys.text)}
            </Text>
          )
        )}
      </Stack>
    </Center>
  );
}
