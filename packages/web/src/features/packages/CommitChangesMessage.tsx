import { Button, Group, Text } from '@mantine/core';

/** A notice's message with a Commit Changes action (after a dependency update, spec 1 §4). */
export function CommitChangesMessage({ name, label, onCommit }: { name: string; label: string; onCommit: () => void }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm">{name}</Text>
      <Button size="compact-xs" variant="light" onClick={onCommit}>
        {label}
      </Button>
    </Group>
  );
}
