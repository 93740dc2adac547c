import { Button, Group, Text } from '@mantine/core';

interface Props {
  /** The form's own error (not a field's), shown above the buttons. */
  error?: string;
  cancelLabel: string;
  onCancel: () => void;
  /** Cancel cannot be pressed (while a save that must not be left midway runs). */
  cancelDisabled?: boolean;
  submitLabel: string;
  /** The submit button spins while the form is being sent. */
  busy: boolean;
}

/** The end of a modal's form: its error line, when there is one, then Cancel and the submit button. */
export function FormActions({ error, cancelLabel, onCancel, cancelDisabled, submitLabel, busy }: Props) {
  return (
    <>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
