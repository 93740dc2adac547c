import { Button, Group, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: () => void;
}

/**
 * The mapping screen's header: the card's name, Cancel and Save changes (both return to the dashboard). The
 * card's name, focusable from script only (tabIndex -1), takes the focus when the editor opens (WCAG 2.4.3: the
 * Edit button that opened it is gone, and the focus must not drop to the page's body); Tab goes on from there.
 */
export function MappingHeader({ name, saving, error, onCancel, onSave }: Props) {
  const { t } = useTranslation('mapping');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Group justify="space-between" gap="sm">
      {/* At least 12rem wide: on a narrow window the buttons wrap below the name, which reads whole. */}
      <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Text size="xs" c="dimmed">
          {t('title')}
        </Text>
        <Title ref={heading} tabIndex={-1} order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
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
