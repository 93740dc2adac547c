import { Anchor, Box, Button, Center, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@tessera/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { usePublicForm, useSubmitResponse } from '../../../api/forms.ts';
import { useDocumentTitle } from '../../../ui/documentTitle.ts';
import { LanguageToggle } from '../../../ui/LanguageToggle.tsx';
import { ThemeToggle } from '../../../ui/ThemeToggle.tsx';
import { FormView } from '../view/FormView.tsx';

/**
 * The public form page, /public/forms/{formId} (issue 18): no login, in the visitor's language and
 * theme (both switchable here). A draft, unknown or closed form says it is not accepting responses; a sent
 * response is thanked. The focus follows by keyboard (docs/accessibility.md "Focus"): on Send another response once
 * thanked, on the form's first field once asked for another.
 */
export function PublicFormPage() {
  const { formId = '' } = useParams();
  const { t } = useTranslation('forms');
  const form = usePublicForm(formId);
  useDocumentTitle(form.data?.name);
  const send = useSubmitResponse(formId);
  const [sent, setSent] = useState(0);
  const [closedNow, setClosedNow] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const [restarted, setRestarted] = useState(false);
  // The pressed button is gone once the view changes: the focus goes to what comes next, never to the body.
  useEffect(() => {
    if (sent > 0) card.current?.querySelector<HTMLElement>('[data-send-another]')?.focus();
    else if (restarted) card.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [sent, restarted]);

  let body: React.ReactNode;
  if (form.isPending) body = <Loader aria-label={t('public.loading')} />;
  else if (form.isError || !form.data || form.data.closed || closedNow) {
    body = <Notice icon={<IconLock size={40} stroke={1.5} aria-hidden />} text={t('public.notAccepting')} />;
  } else if (sent > 0) {
    body = (
      <Stack align="center" gap="md">
        <Notice icon={<IconCircleCheck size={40} stroke={1.5} color="green" aria-hidden />} text={t('public.thanks')} />
        <Button
          variant="default"
          data-send-another
          onClick={() => {
            setRestarted(true);
            setSent(0);
          }}
        >
          {t('public.another')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <FormView
        key={sent}
        form={form.data}
        headingOrder={1}
        onSubmit={async (answers) => {
          try {
            await send.mutateAsync(answers);
            setSent((n) => n + 1);
          } catch (error) {
            if (error instanceof ApiError && (error.status === 409 || error.status === 404)) setClosedNow(true);
            else throw error;
          }
        }}
      />
    );
  }

  return (
    <Box component="main" mih="100dvh" py="xl">
      <Container size="sm">
        <Group justify="flex-end" gap="xs" mb="sm">
          <LanguageToggle />
          <ThemeToggle />
        </Group>
        <Paper ref={card} withBorder radius="md" p="xl">
          {body}
        </Paper>
        <Center mt="md">
          <Anchor href="/" size="xs" c="dimmed">
            {t('public.poweredBy', { product: PRODUCT_NAME })}
          </Anchor>
        </Center>
      </Container>
    </Box>
  );
}

function Notice({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      {icon}
      <Text ta="center" size="lg" role="status">
        {text}
      </Text>
    </Stack>
  );
}
