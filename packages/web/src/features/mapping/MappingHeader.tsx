import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: () => void;
}

/** The mapping screen's header: the card's name, Cancel and Save changes (both return to the dashboard). */
export function MappingHeader({ name, saving, error, onCancel, onSave }: Props) {
  const { t } = useTranslation('mapping');
  return (
    <Group justify="space-between" gap="sm">
      {/* At least 12rem wide: on a narrow window the buttons wrap below the name, which reads whole. */}
      <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Text size="xs" c="dimmed">
          {t('title')}
        </Text>
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {name || t('untitled')}
        </Title>
      </div>
      <Group gap="xs">
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </Button>
        <Button onClick={onSave} loading={saving}>
          {t('save')}
        </Button>
      </Group>
    </Group>
  );
}
