import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconChartBar, IconLock, IconNumbers, IconTable } from '@tabler/icons-react';
import type { UnitType } from '@tessera/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chooserTextHidden, useDashboardAudience } from '../../canvas/index.ts';

const CHOICES: Array<{ type: UnitType; icon: ReactNode }> = [
  { type: 'kpi', icon: <IconNumbers size={18} /> },
  { type: 'chart', icon: <IconChartBar size={18} /> },
  { type: 'table', icon: <IconTable size={18} /> },
];

interface Props {
  canEdit: boolean;
  /** The card's height in grid rows: at 2 or less only the buttons (or the lock) are shown. */
  h: number | undefined;
  busy: boolean;
  onChoose: (type: UnitType) => void;
}

/**
 * The body of a card with no type yet: KPI, Chart and Table for editors; read-only users
 * learn that the owner has not mapped data and that they cannot; public visitors and the preview image see an
 * empty body (nothing addressed to editors or members).
 */
export function TypeChooser({ canEdit, h, busy, onChoose }: Props) {
  const { t } = useTranslation('dashboards');
  const texts = !chooserTextHidden(h);
  const audience = useDashboardAudience();
  if (!canEdit && audience === 'visitor') return null;
  if (!canEdit) {
    return (
      <Center h="100%" p="sm">
        <Stack align="center" gap={4} maw={420}>
          <IconLock size={20} stroke={1.5} aria-hidden />
          {texts && (
            <>
              <Text fw={600} size="sm" ta="center">
                {t('chooser.readOnlyTitle')}
              </Text>
              <Text size="sm" c="dimmed" ta="center">
                {t('chooser.readOnlyText')}
              </Text>
            </>
          )}
        </Stack>
      </Center>
    );
  }
  return (
    <Center h="100%" p="sm">
      <Stack align="center" gap="xs" maw={520}>
        {texts && (
          <>
            <Text fw={600} size="sm" ta="center">
              {t('chooser.title')}
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('chooser.subtitle')}
            </Text>
          </>
        )}
        <Group gap="xs" justify="center">
          {CHOICES.map(({ type, icon }) => (
            <Button
              key={type}
              variant="light"
              size="xs"
              leftSection={icon}
              disabled={busy}
              onClick={() => onChoose(type)}
            >
              {t(`chooser.${type}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Center>
  );
}
