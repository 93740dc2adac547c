import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { passwordAcceptable, TOAST_MS } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useChangeMyPassword } from '../../api/account.ts';
import { formErrors, useServerText } from '../../ui/serverText.ts';
import { PasswordChecklist } from '../login/index.ts';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/**
 * The Password tab of one's own account: current password, new password and confirmation with
 * the live checklist; the submit does nothing until every rule passes. A wrong current password comes back
 * as the server's field error under that field.
 */
export function PasswordTab() {
  const { t } = useTranslation('settings');
  const serverText = useServerText();
  const change = useChangeMyPassword();
  const form = useForm({ initialValues: { currentPassword: '', password: '', confirmPassword: '' } });

  const submit = form.onSubmit(async (values) => {
    if (!passwordAcceptable(values.password, values.confirmPassword) || change.isPending) return;
    form.clearErrors();
    try {
      await change.mutateAsync(values);
    } catch (error) {
      form.setErrors(formErrors(error, FIELDS, 'currentPassword', serverText, t('password.failed')));
      return;
    }
    form.reset();
    notifications.show({ message: t('password.updated'), color: 'green', autoClose: TOAST_MS.passwordUpdated });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput label={t('password.new')} autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <PasswordChecklist password={form.values.password} confirmation={form.values.confirmPassword} />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
