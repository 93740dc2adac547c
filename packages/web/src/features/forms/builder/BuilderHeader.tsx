import { Anchor, Badge, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useClipboard, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconLink, IconSend } from '@tabler/icons-react';
import { COPIED_LABEL_MS, type Form, formPublicLink, formStatus } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { usePublishForm, useUpdateForm } from '../../../api/forms.ts';
import { ConfirmModal } from '../../../ui/ConfirmModal.tsx';
import { useServerText } from '../../../ui/serverText.ts';
import { STATUS_COLORS } from '../list/FormCard.tsx';

/**
 * The builder's header: Publish Form ('Publishing' while it works, then Published), asked for again first since a
 * published form can no longer be edited; the Collecting Responses switch, Copy link ('Copied' for 2000 ms), and
 * the Form Responses dataset.
 */
export function BuilderHeader({ form, projectId }: { form: Form; projectId: string }) {
  const { t } = useTranslation('forms');
  const serverText = useServerText();
  const publish = usePublishForm(projectId);
  const update = useUpdateForm(projectId, form._id);
  const clipboard = useClipboard({ timeout: COPIED_LABEL_MS });
  const [confirming, confirm] = useDisclosure(false);
  const status = formStatus(form);
  const failed = (e: unknown) =>
    notifications.show({ color: 'red', message: e instanceof ApiError ? serverText(e.message) : t('actions.failed') });
  return (
    <Stack gap="xs" mb="lg">
      <Anchor component={Link} to={`/projects/${projectId}/forms`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('builder.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm">
          <Title order={2}>{form.name}</Title>
          <Badge color={STATUS_COLORS[status]} variant="light">
            {t(`status.${status}`)}
          </Badge>
          {form.dataset && (
            <Anchor component={Link} to={`/projects/${projectId}/datasets/${form.dataset._id}`} size="sm">
              {t('builder.responsesDataset')}
            </Anchor>
          )}
        </Group>
        <Group gap="sm">
          {form.published && (
            <>
              <Switch
                label={t('builder.collecting')}
                checked={!form.closed}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ closed: !e.currentTarget.checked }, { onError: failed })}
              />
              <Button
                variant="default"
                leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconLink size={16} />}
                color={clipboard.copied ? 'green' : undefined}
                onClick={() => clipboard.copy(formPublicLink(window.location.origin, form._id))}
              >
                {clipboard.copied ? t('builder.copied') : t('builder.copyLink')}
              </Button>
            </>
          )}
          <Button
            leftSection={publish.isPending ? <Loader size={14} color="white" /> : <IconSend size={16} />}
            disabled={form.published || publish.isPending}
            onClick={confirm.open}
          >
            {publish.isPending
              ? t('builder.publishing')
              : form.published
                ? t('builder.published')
                : t('builder.publish')}
          </Button>
        </Group>
      </Group>
      {form.description && <Text c="dimmed">{form.description}</Text>}
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        title={t('builder.publishTitle')}
        message={t('builder.publishConfirm', { name: form.name })}
        confirmLabel={t('builder.publishAction')}
        confirmColor="blue"
        onConfirm={async () => {
          await publish.mutateAsync(form._id);
          notifications.show({ color: 'green', message: t('builder.publishedNotice', { name: form.name }) });
        }}
      />
    </Stack>
  );
}
