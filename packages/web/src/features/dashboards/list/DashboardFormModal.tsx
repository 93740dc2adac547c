import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/FormActions.tsx';
import { DashboardFields } from './DashboardFields.tsx';
import type { DashboardForm, DashboardValues } from './dashboardForm.ts';

interface Props {
  opened: boolean;
  title: string;
  /** "App Name" when creating, "Name" in Data App Settings (modals). */
  nameLabel: string;
  submitLabel: string;
  form: DashboardForm;
  /** Stores the values; what it throws is shown in the form. */
  onSave: (values: DashboardValues) => Promise<unknown>;
  /** True while saving: Cancel is disabled and the submit button spins. */
  busy: boolean;
  /** Cancel and the modal's close; the caller decides whether it may close while busy. */
  onClose: () => void;
  /** The fields after name and description: the layout when creating, the hide checkboxes in settings. */
  children: ReactNode;
}

/** The modal shared by Create Data App and Data App Settings: name, description, the caller's fields, the buttons. */
export function DashboardFormModal({
  opened,
  title,
  nameLabel,
  submitLabel,
  form,
  onSave,
  busy,
  onClose,
  children,
}: Props) {
  const { t } = useTranslation('dashboards');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(onSave);
        }}
      >
        <Stack gap="md">
          <DashboardFields
            nameLabel={nameLabel}
            name={form.name}
            onName={form.setName}
            description={form.description}
            onDescription={form.setDescription}
            errors={form.errors}
          />
          {children}
          <FormActions
            error={form.errors.form}
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
