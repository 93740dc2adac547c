import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { api } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/FormActions.tsx';
import { formErrors, useServerText } from '../../../ui/serverText.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initialName?: string;
  busy: boolean;
  /** Saves the name; the modal closes when it resolves and shows the server's error when it throws. */
  onSubmit: (name: string) => Promise<unknown>;
}

/**
 * The name dialog of Create Project and Rename Project: the name is required, checked by the same
 * rule the server applies (`projectNameField`), and a server error shows under the field.
 */
export function ProjectNameModal({ opened, onClose, title, submitLabel, initialName = '', busy, onSubmit }: Props) {
  const { t } = useTranslation('projects');
  const serverText = useServerText();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: initialName },
    validate: {
      name: (value) => {
        const checked = api.projectNameField.safeParse(value);
        return checked.success ? null : serverText(checked.error.issues[0]?.message ?? 'Required');
      },
    },
  });

  const close = () => {
    if (busy) return;
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ name }) => {
    try {
      await onSubmit(name.trim());
    } catch (error) {
      form.setErrors(formErrors(error, ['name'], 'name', serverText, t('failed')));
      return;
    }
    form.reset();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('create.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <FormActions
            cancelLabel={t('cancel')}
            onCancel={close}
            cancelDisabled={busy}
            submitLabel={submitLabel}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
