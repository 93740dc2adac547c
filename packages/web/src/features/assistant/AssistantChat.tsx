import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { ASSISTANT_MODES, type AssistantMode } from '@tessera/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistantMessageView } from './AssistantMessageView.tsx';
import { useConversation } from './conversation.ts';

const STARTERS = ['s1', 's2', 's3', 's4'] as const;

interface Props {
  projectId: string;
  /** The modes the service offers. */
  modes: AssistantMode[];
  userKey: string | null;
}

/** The conversation: four starter prompts, modes GPT4 and DALL·E, Enter sends (Shift+Enter a new line). */
export function AssistantChat({ projectId, modes, userKey }: Props) {
  const { t } = useTranslation('assistant');
  const { messages, pending, error, send, clear, dismissError } = useConversation(projectId, userKey);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<AssistantMode>(modes[0] ?? 'GPT4');
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the answer as it is written
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, last?.text]);

  const submit = (value = text) => {
    if (!value.trim() || pending) return;
    setText('');
    void send(value.trim(), mode);
  };

  return (
    <Stack gap="md">
      {messages.length === 0 ? (
        <Stack gap="xs">
          <Text c="dimmed" size="sm">
            {t('starters.title')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {STARTERS.map((key) => (
              <Paper
                key={key}
                component="button"
                type="button"
                withBorder
                p="sm"
                ta="left"
                style={{ cursor: 'pointer' }}
                onClick={() => {
                  setMode('GPT4');
                  void send(t(`starters.${key}`), 'GPT4');
                }}
              >
                <Text size="sm">{t(`starters.${key}`)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      ) : (
        <Stack gap="sm" aria-live="polite" data-testid="assistant-messages">
          {messages.map((message) => (
            <AssistantMessageView key={message.id} message={message} projectId={projectId} />
          ))}
          {pending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {pending === 'DALL·E' ? t('drawing') : t('thinking')}
              </Text>
            </Group>
          ) : null}
          <div ref={end} />
        </Stack>
      )}
      {error ? (
        <Alert color="red" role="alert" withCloseButton onClose={dismissError} closeButtonLabel={t('dismiss')}>
          {t('failure', { error })}
        </Alert>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs">
          <Group justify="space-between">
            <SegmentedControl
              aria-label={t('modes.label')}
              value={mode}
              onChange={(value) => setMode(value as AssistantMode)}
              data={ASSISTANT_MODES.map((m) => ({ value: m, label: m, disabled: !modes.includes(m) }))}
            />
            {messages.length > 0 ? (
              <Button variant="subtle" size="xs" onClick={clear}>
                {t('clear')}
              </Button>
            ) : null}
          </Group>
          <Textarea
            aria-label={t('input.label')}
            placeholder={mode === 'DALL·E' ? t('input.imagePlaceholder') : t('input.placeholder')}
            autosize
            minRows={2}
            maxRows={8}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!text.trim() || pending !== null}>
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
