import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FORM_LIMITS } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useCreateForm } from '../../../api/forms.ts';
import { FormActions } from '../../../ui/FormActions.tsx';
import { useServerText } from '../../../ui/serverText.ts';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** Create Form: name required, description; the new form opens in the builder. */
export function CreateFormModal({ projectId, opened, onClose }: Props) {
  const { t } = useTranslation('forms');
  const serverText = useServerText();
  const navigate = useNavigate();
  const create = useCreateForm(projectId);
  const [error, setError] = useState<string>();
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: (v) => (v.trim() ? null : t('createModal.required')) },
  });
  const close = () => {
    if (create.isPending) return;
    form.reset();
    setError(undefined);
    onClose();
  };
  const save = form.onSubmit(async (values) => {
    setError(undefined);
    try {
      const { _id } = await create.mutateAsync({ name: values.name.trim(), description: values.description.trim() });
      form.reset();
      onClose();
      void navigate(`/projects/${projectId}/forms/${_id}`);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        form.setErrors(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, serverText(v)])));
      } else setError(e instanceof ApiError ? serverText(e.message) : t('actions.failed'));
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('createModal.title')}>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput
            label={t('createModal.name')}
            withAsterisk
            maxLength={FORM_LIMITS.name}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('createModal.description')}
            autosize
            minRows={2}
            maxLength={FORM_LIMITS.description}
            {...form.getInputProps('description')}
          />
          <FormActions
            error={error}
            cancelLabel={t('createModal.cancel')}
            onCancel={close}
            submitLabel={t('createModal.submit')}
            busy={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
