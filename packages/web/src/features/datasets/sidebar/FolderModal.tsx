import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Collection } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useSaveFolder } from '../../../api/datasets.ts';
import { FormActions } from '../../../ui/FormActions.tsx';
import { formErrors, useServerText } from '../../../ui/serverText.ts';

export interface FolderModalProps {
  projectId: string;
  /** The folder to edit; absent to create one. */
  folder?: Collection;
  opened: boolean;
  onClose: () => void;
}

/** Creates or edits a folder: name required; the server's errors show on the name and description fields. */
export function FolderModal({ projectId, folder, opened, onClose }: FolderModalProps) {
  const { t } = useTranslation('datasets');
  const serverText = useServerText();
  const save = useSaveFolder(projectId);
  const form = useForm({
    initialValues: { name: folder?.name ?? '', description: folder?.description ?? '' },
    validate: { name: (v) => (v.trim() ? null : t('folders.nameRequired')) },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: folder?._id, name: values.name.trim(), description: values.description.trim() });
      form.reset();
      onClose();
    } catch (error) {
      form.setErrors(formErrors(error, ['name', 'description'], 'name', serverText, t('folders.failed')));
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={folder ? t('folders.editTitle') : t('folders.createTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('folders.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('folders.description')} autosize minRows={2} {...form.getInputProps('description')} />
          <FormActions
            cancelLabel={t('common.cancel')}
            onCancel={onClose}
            submitLabel={t('common.save')}
            busy={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
