import { Alert, Badge, Center, Container, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAssistantStatus } from '../../api/assistant.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { AssistantChat } from './AssistantChat.tsx';
import { AssistantPrivacy } from './AssistantPrivacy.tsx';
import { AssistantSetup } from './AssistantSetup.tsx';
import { useUserKey } from './conversation.ts';

/**
 * Mobi, the chat assistant page (marked beta; needs model view). The page speaks only to our server:
 * the service's key stays there. Without a configured service it says so and how to set it up, and offers to use
 * the user's own key (kept in this browser only).
 */
export function AssistantPage() {
  const { t } = useTranslation('assistant');
  const { project } = useCurrentProject();
  const [userKey, setUserKey] = useUserKey();
  const status = useAssistantStatus(project._id, userKey);

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group gap="xs">
          <Title order={2}>{t('title')}</Title>
          <Badge variant="light">{t('beta')}</Badge>
        </Group>
        {status.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('loading')} />
          </Center>
        ) : status.isError ? (
          <>
            <Alert color="red" role="alert">
              {t('failure', { error: status.error.message })}
            </Alert>
            {userKey ? <AssistantSetup userKey={userKey} onKey={setUserKey} configured={false} /> : null}
          </>
        ) : status.data.configured ? (
          <>
            <AssistantChat projectId={project._id} modes={status.data.modes} userKey={userKey} />
            {status.data.keySource === 'user' ? (
              <AssistantSetup userKey={userKey} onKey={setUserKey} configured />
            ) : null}
          </>
        ) : (
          <AssistantSetup userKey={userKey} onKey={setUserKey} configured={false} />
        )}
        <AssistantPrivacy />
      </Stack>
    </Container>
  );
}
