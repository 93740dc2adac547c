import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { isEmail, normalizeEmail } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useForgotPassword } from '../../api/account.ts';
import { formErrors, useServerText } from '../../ui/serverText.ts';

/** Password recovery: request a reset link by email, then a confirmation state. */
export function RecoverPage() {
  const { t } = useTranslation('login');
  const serverText = useServerText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const forgot = useForgotPassword();
  const form = useForm({ initialValues: { email: search.get('email') ?? '' } });

  const submit = form.onSubmit(async ({ email }) => {
    const normalized = normalizeEmail(email);
    // The same pattern the server checks; checked here first so that a typo costs no round trip.
    if (!isEmail(normalized)) {
      form.setErrors({ email: t('recover.invalidEmail') });
      return;
    }
    try {
      await forgot.mutateAsync(normalized);
    } catch (error) {
      form.setErrors(formErrors(error, ['email'], 'email', serverText, t('signIn.failed')));
    }
  });

  const goBack = () => void navigate('/login');

  if (forgot.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" icon={<IconCheck size={18} />} role="status">
          {t('recover.sent')}
        </Alert>
        <Button variant="default" fullWidth onClick={goBack}>
          {t('recover.back')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('recover.intro')}
        </Text>
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          autoFocus
          {...form.getInputProps('email')}
        />
        <Group grow>
          <Button variant="default" onClick={goBack}>
            {t('recover.back')}
          </Button>
          <Button type="submit" loading={forgot.isPending}>
            {t('recover.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
