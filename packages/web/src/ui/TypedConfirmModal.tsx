import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';

export interface TypedConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, shown above the input. */
  message?: ReactNode;
  /** The text the user must type exactly (an organization's or a project's name). */
  expected: string;
  /** The submit button's label, e.g. "Delete". */
  confirmLabel: string;
  /** Why the action cannot be done now: shown instead of the input, and the submit stays disabled. */
  refusal?: ReactNode;
  /** Runs the action; the modal closes when it resolves and shows the error (translated by its code) when it throws. */
  onConfirm: () => Promise<unknown>;
}

/** Whether the typed text confirms: an exact match. */
export const typedTextMatches = (typed: string, expected: string) => typed === expected && expected !== '';

/**
 * A dialog that asks to type a name before a destructive action: submit stays disabled until the
 * typed text equals `expected`, and any other text shows "Does not match". Used by Delete Organization, Delete
 * Project and Delete Dataset.
 */
export function TypedConfirmModal({
  opened,
  onClose,
  title,
  message,
  expected,
  confirmLabel,
  refusal,
  onConfirm,
}: TypedConfirmModalProps) {
  const { t } = useTranslation('typedConfirm');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const matches = typedTextMatches(typed, expected);

  const close = () => {
    if (busy) return;
    setTyped('');
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (!matches || busy || refusal) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setTyped('');
      onClose();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {message && <Text size="sm">{message}</Text>}
          {refusal && (
            <Text size="sm" c="red" role="alert">
              {refusal}
            </Text>
          )}
          <TextInput
            disabled={!!refusal}
            label={t('label', { name: expected })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typed !== '' && !matches ? t('mismatch') : null}
            autoComplete="off"
            data-autofocus
          />
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!matches || !!refusal} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
