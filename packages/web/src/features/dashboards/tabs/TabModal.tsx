import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { DASHBOARD_LIMITS } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/FormActions.tsx';
import { formErrors, useServerText } from '../../../ui/serverText.ts';

export interface TabValues {
  name: string;
  description: string;
}

interface Props {
  title: string;
  /** 'Name' for a tab, 'Section Name' for a report section. */
  nameLabel: string;
  /** The tab modal has a Description; the section modal only its name. */
  withDescription: boolean;
  initial: TabValues;
  submitLabel: string;
  onSubmit: (values: TabValues) => Promise<unknown>;
  onClose: () => void;
}

/** The tab modal (Name, Description) and the section modal (Section Name); the name is required. */
export function TabModal({ title, nameLabel, withDescription, initial, submitLabel, onSubmit, onClose }: Props) {
  const { t } = useTranslation('dashboards');
  const serverText = useServerText();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!values.name.trim()) {
      setErrors({ name: t('appForm.required') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit({ name: values.name.trim(), description: values.description });
      onClose();
    } catch (error) {
      setErrors(formErrors(error, ['name', 'description'], 'form', serverText, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose()} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={nameLabel}
            withAsterisk
            value={values.name}
            maxLength={DASHBOARD_LIMITS.nameMax}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setValues((v) => ({ ...v, name }));
            }}
            error={errors.name}
            data-autofocus
          />
          {withDescription && (
            <Textarea
              label={t('tabs.description')}
              value={values.description}
              maxLength={DASHBOARD_LIMITS.descriptionMax}
              autosize
              minRows={2}
              maxRows={6}
              onChange={(event) => {
                const description = event.currentTarget.value;
                setValues((v) => ({ ...v, description }));
              }}
              error={errors.description}
            />
          )}
          <FormActions
            error={errors.form}
            cancelLabel={t('common.cancel')}
            onCancel={onClose}
            cancelDisabled={busy}
            submitLabel={submitLabel}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
