import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconChartDots } from '@tabler/icons-react';
import type { Unit, UnitDataError } from '@tessera/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { placeholderIconShown } from './gridLayout.ts';
import { emptyHint, placeholderKeys } from './placeholders.ts';

interface Props {
  code: string;
  /** What exactly the error comes from, when the answer names it: its text replaces the code's generic one. */
  cause?: Pick<UnitDataError, 'reason' | 'params'>;
  unit: Pick<Unit, 'type' | 'subtype' | 'vis'>;
  /** The card's height in grid rows; undefined when unknown (the icon then shows). */
  h: number | undefined;
  /** Outside the mapping screen the empty placeholder tells editors how to finish the card. */
  showFinishHint: boolean;
}

/** The names a cause's text fills in, the operation and the type translated like the rest of the screen. */
function causeNames(params: Record<string, string> | undefined, t: TFunction): Record<string, string> {
  const names = { ...(params ?? {}) };
  if (names.operation) names.operation = t(`cards:operations.${names.operation}`, { defaultValue: names.operation });
  if (names.type) names.type = t(`datasets:featureTypes.${names.type}`, { defaultValue: names.type }).toLowerCase();
  return names;
}

/**
 * A card's placeholder: header and text, with an icon only on cards 150 px high or more. An error
 * whose answer names its exact cause (issue #20 item 3) shows that cause instead of the code's generic text.
 */
export function CardPlaceholder({ code, cause, unit, h, showFinishHint }: Props) {
  const { t } = useTranslation('dashboards');
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
            <Text size="sm" c="dimmed" ta="center" data-testid="placeholder-text">
              {cause?.reason ? t(`placeholders.reasons.${cause.reason}`, causeNames(cause.params, t)) : t(keys.text)}
            </Text>
          )
        )}
      </Stack>
    </Center>
  );
}
