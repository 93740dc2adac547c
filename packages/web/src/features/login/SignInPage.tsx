import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBrandWindows } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { logoutOnce, useLoginMutation } from '../../api/account.ts';
import { ApiError, tokenStore } from '../../api/client.ts';
import { useServerText } from '../../ui/serverText.ts';
import { useMicrosoftSignIn } from './microsoft.ts';

/**
 * The sign-in page: email and password, the forgot-password link, and the single sign-on
 * button when the server has an identity provider configured. Shown at /login and /login/microsoft.
 */
export function SignInPage() {
  const { t } = useTranslation('login');
  const serverText = useServerText();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const microsoft = useMicrosoftSignIn();
  const login = useLoginMutation();
  const form = useForm({ initialValues: { email: search.get('email') ?? '', password: '' } });

  // "Displaying the login root logs the user out" — only the root: /login/microsoft is where the identity
  // provider returns, and signing out there would race the token that flow is about to store.
  const isLoginRoot = pathname.replace(/\/+$/, '') === '/login';
  useEffect(() => {
    if (isLoginRoot) void logoutOnce();
  }, [isLoginRoot]);

  const submit = form.onSubmit(async ({ email, password }) => {
    form.clearErrors();
    try {
      const answer = await login.mutateAsync({ email: email.trim(), password });
      if ('accessToken' in answer) {
        tokenStore.set(answer.accessToken);
        await navigate('/projects');
      } else if ('resetCode' in answer) {
        await navigate(`/login/reset/${encodeURIComponent(answer.resetCode)}`);
      } else {
        // This account signs in only through the identity provider: start it with the email as hint. Not
        // awaited: the popup's interaction outlives this submit.
        void microsoft.start(email.trim());
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        form.setErrors({ password: serverText(error.message) });
      } else {
        form.setErrors({ email: t('signIn.failed'), password: t('signIn.failed') });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          autoFocus={!form.values.email}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          autoFocus={!!form.values.email}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/login/recover" size="sm">
            {t('signIn.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          {t('signIn.submit')}
        </Button>
        {microsoft.available && (
          <>
            <Text ta="center" c="dimmed" size="sm">
              {t('signIn.or')}
            </Text>
            <Button
              variant="default"
              fullWidth
              leftSection={<IconBrandWindows size={18} />}
              loading={microsoft.pending}
              onClick={() => void microsoft.start(form.values.email.trim() || undefined)}
            >
              {t('signIn.microsoft')}
            </Button>
            {microsoft.error && (
              <Text c="red" size="sm" ta="center" role="alert">
                {microsoft.error}
              </Text>
            )}
          </>
        )}
      </Stack>
    </form>
  );
}
