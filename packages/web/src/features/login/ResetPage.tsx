import { Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { passwordAcceptable, TOAST_MS } from '@tessera/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useResetCodeCheck, useResetPassword } from '../../api/account.ts';
import { ApiError } from '../../api/client.ts';
import { formErrors, useServerText } from '../../ui/serverText.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';

/**
 * Set a new password from a mailed reset link: the code is checked on load (a bad code goes
 * back to /login), the live checklist gates the submit, and success returns to /login with a toast.
 */
export function ResetPage() {
  const { resetCode = '' } = useParams();
  const { t } = useTranslation('login');
  const serverText = useServerText();
  const navigate = useNavigate();
  const check = useResetCodeCheck(resetCode);
  const reset = useResetPassword(resetCode);
  const form = useForm({ initialValues: { password: '', confirmPassword: '' } });

  useEffect(() => {
    if (check.isError) void navigate('/login', { replace: true });
  }, [check.isError, navigate]);

  const submit = form.onSubmit(async ({ password, confirmPassword }) => {
    // the submit does nothing until every rule of the checklist passes.
    if (!passwordAcceptable(password, confirmPassword) || reset.isPending) return;
    try {
      await reset.mutateAsync({ password, confirmPassword });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // The code expired or was used meanwhile.
        await navigate('/login', { replace: true });
        return;
      }
      form.setErrors(formErrors(error, ['password', 'confirmPassword'], 'password', serverText, t('signIn.failed')));
      return;
    }
    notifications.show({ message: t('reset.success'), color: 'green', autoClose: TOAST_MS.passwordReset });
    await navigate('/login', { replace: true });
  });

  if (!check.isSuccess) {
    return (
      <Center py="xl">
        <Loader aria-label={t('reset.checking')} />
      </Center>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reset.intro', { email: check.data.email })}
        </Text>
        <PasswordInput
          label={t('reset.password')}
          autoComplete="new-password"
          autoFocus
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('reset.confirm')}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <PasswordChecklist password={form.values.password} confirmation={form.values.confirmPassword} />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
