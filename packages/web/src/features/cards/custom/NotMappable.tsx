import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The not-mappable placeholder as the mapping screen shows it ('Not Mappable'; 'No UI has been made to
 * configure this type of unit'). On cards the shared CardPlaceholder draws the other wording ('Error').
 */
export function NotMappable() {
  const { t } = useTranslation('cardSettings');
  return (
    <Center p="lg">
      <Stack align="center" gap={6} maw={420}>
        <ThemeIcon variant="light" color="red" size="lg" radius="xl">
          <IconAlertTriangle size={18} />
        </ThemeIcon>
        <Text fw={600} size="sm" ta="center">
          {t('custom.notMappable.header')}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('custom.notMappable.text')}
        </Text>
      </Stack>
    </Center>
  );
}
