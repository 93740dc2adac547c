import { Alert, Badge, Center, Container, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAssistantStatus } from '../../api/assistant.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useUserKey } from './conversation.ts';
import { MobiChat } from './MobiChat.tsx';
import { MobiPrivacy } from './MobiPrivacy.tsx';
import { MobiSetup } from './MobiSetup.tsx';

/**
 * Mobi, the chat assistant page (marked beta; needs model view). The page speaks only to our server:
 * the service's key stays there. Without a configured service it says so and how to set it up, and offers to use
 * the user's own key (kept in this browser only).
 */
export function MobiPage() {
  const { t } = useTranslation('mobi');
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
            {userKey ? <MobiSetup userKey={userKey} onKey={setUserKey} configured={false} /> : null}
          </>
        ) : status.data.configured ? (
          <>
            <MobiChat projectId={project._id} modes={status.data.modes} userKey={userKey} />
            {status.data.keySource === 'user' ? <MobiSetup userKey={userKey} onKey={setUserKey} configured /> : null}
          </>
        ) : (
          <MobiSetup userKey={userKey} onKey={setUserKey} configured={false} />
        )}
        <MobiPrivacy />
      </Stack>
    </Container>
  );
}
