import { Textarea, TextInput } from '@mantine/core';
import { DASHBOARD_LIMITS } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

interface Props {
  /** "App Name" when creating, "Name" in Data App Settings (modals). */
  nameLabel: string;
  name: string;
  onName: (value: string) => void;
  description: string;
  onDescription: (value: string) => void;
  errors: { name?: string; description?: string };
}

/** The name (required) and description fields shared by Create Data App and Data App Settings. */
export function DashboardFields({ nameLabel, name, onName, description, onDescription, errors }: Props) {
  const { t } = useTranslation('dashboards');
  return (
    <>
      <TextInput
        label={nameLabel}
        withAsterisk
        value={name}
        maxLength={DASHBOARD_LIMITS.nameMax}
        onChange={(event) => onName(event.currentTarget.value)}
        error={errors.name}
        data-autofocus
      />
      <Textarea
        label={t('appForm.description')}
        value={description}
        maxLength={DASHBOARD_LIMITS.descriptionMax}
        autosize
        minRows={2}
        maxRows={6}
        onChange={(event) => onDescription(event.currentTarget.value)}
        error={errors.description}
      />
    </>
  );
}
