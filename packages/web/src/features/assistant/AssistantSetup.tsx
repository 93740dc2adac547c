import { Alert, Button, Code, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  userKey: string | null;
  onKey: (key: string | null) => void;
  /** The service answers (with the user's own key): only the key's controls are shown. */
  configured: boolean;
}

/** The unconfigured state: what an operator sets, and a user's own key, kept in this browser only. */
export function AssistantSetup({ userKey, onKey, configured }: Props) {
  const { t } = useTranslation('assistant');
  const [draft, setDraft] = useState('');
  const keyForm = (
    <Stack gap="xs">
      {userKey ? (
        <Group justify="space-between">
          <Text size="sm">{t('setup.usingOwn')}</Text>
          <Button variant="default" size="xs" onClick={() => onKey(null)}>
            {t('setup.forget')}
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) onKey(draft.trim());
          }}
        >
          <Group align="end">
            <PasswordInput
              flex={1}
              label={t('setup.keyLabel')}
              description={t('setup.ownKeyHelp')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              autoComplete="off"
            />
            <Button type="submit" disabled={!draft.trim()}>
              {t('setup.save')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
  if (configured) return keyForm;
  return (
    <Alert color="yellow" title={t('setup.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('setup.operator')}</Text>
        <Code block>
          {
            'LLM_BASE_URL=https://api.openai.com/v1\nLLM_API_KEY=…\nLLM_CHAT_MODEL=gpt-4-1106-preview\nLLM_IMAGE_MODEL=dall-e-2'
          }
        </Code>
        <Text size="sm">{t('setup.restart')}</Text>
        <Text size="sm" fw={600}>
          {t('setup.ownKey')}
        </Text>
        {keyForm}
      </Stack>
    </Alert>
  );
}
