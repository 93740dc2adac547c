import { Alert, Box, Image, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAssistantImage } from '../../api/assistant.ts';
import type { AssistantMessage } from './conversation.ts';
import { maskProfanity } from './mask.ts';
import { ProposedCardView } from './ProposedCardView.tsx';

/** One message: the user's on the right, Mobi's on the left; text masked, an image, or a proposed card. */
export function AssistantMessageView({ message, projectId }: { message: AssistantMessage; projectId: string }) {
  const { t } = useTranslation('assistant');
  const image = message.ai && message.mode === 'DALL·E';
  return (
    <Paper
      withBorder
      p="sm"
      maw={image || message.card ? '100%' : '85%'}
      ml={message.ai ? 0 : 'auto'}
      bg={message.ai ? undefined : 'var(--mantine-color-default-hover)'}
      data-testid={message.ai ? 'assistant-answer' : 'assistant-question'}
    >
      <Text size="xs" c="dimmed" mb={4}>
        {message.ai ? t('assistant') : t('you')}
      </Text>
      {image ? (
        <AssistantImage url={message.text} />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {maskProfanity(message.text)}
        </Text>
      )}
      {message.card ? (
        <Box mt="sm">
          <ProposedCardView card={message.card} projectId={projectId} />
        </Box>
      ) : null}
    </Paper>
  );
}

/** One 512x512 image, fetched with the session's token (the server serves it to the project's members only). */
function AssistantImage({ url }: { url: string }) {
  const { t } = useTranslation('assistant');
  const image = useAssistantImage(url);
  if (image.isPending) return <Loader size="sm" />;
  if (image.isError) return <Alert color="red">{t('image.failed')}</Alert>;
  return (
    <Image src={image.data} alt={t('image.alt')} w={512} maw="100%" style={{ aspectRatio: '1 / 1' }} radius="sm" />
  );
}
