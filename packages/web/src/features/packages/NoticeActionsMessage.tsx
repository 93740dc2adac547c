import { Button, Group, Text } from '@mantine/core';

export interface NoticeAction {
  label: string;
  onClick: () => void;
}

/**
 * A notice's message: what it is about and its actions (Commit Changes after a source-code or dependency update;
 * Revert Changes and Continue Editing Code after a failed source-code update).
 */
export function NoticeActionsMessage({ name, actions }: { name: string; actions: NoticeAction[] }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm">{name}</Text>
      <Group gap={6}>
        {actions.map((action) => (
          <Button key={action.label} size="compact-xs" variant="light" onClick={action.onClick}>
            {action.label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}
