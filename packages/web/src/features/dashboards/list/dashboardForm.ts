import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrors, useServerText } from '../../../ui/serverText.ts';

export interface DashboardValues {
  name: string;
  description: string;
}

/**
 * The name and description that Create Data App and Data App Settings both edit, with their errors. `submit`
 * requires a name, hands the trimmed values to `save`, and shows what the server refuses under its field (or
 * under the form).
 */
export function useDashboardForm(initial: DashboardValues) {
  const { t } = useTranslation('dashboards');
  const serverText = useServerText();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (save: (values: DashboardValues) => Promise<unknown>) => {
    if (!name.trim()) {
      setErrors({ name: t('appForm.required') });
      return;
    }
    setErrors({});
    try {
      await save({ name: name.trim(), description });
    } catch (error) {
      setErrors(formErrors(error, ['name', 'description'], 'form', serverText, t('common.failed')));
    }
  };

  const reset = () => {
    setName(initial.name);
    setDescription(initial.description);
    setErrors({});
  };

  return { name, setName, description, setDescription, errors, submit, reset };
}

export type DashboardForm = ReturnType<typeof useDashboardForm>;
