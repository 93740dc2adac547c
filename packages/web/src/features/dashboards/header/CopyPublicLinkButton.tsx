import { Button } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { COPIED_LABEL_MS } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

/** Copy Public Link: puts the public page's address on the clipboard; the label reads Copied! for 2 s. */
export function CopyPublicLinkButton({ link }: { link: string }) {
  const { t } = useTranslation('dashboards');
  const clipboard = useClipboard({ timeout: COPIED_LABEL_MS });
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconLink size={16} />}
      color={clipboard.copied ? 'green' : undefined}
      onClick={() => clipboard.copy(link)}
    >
      {clipboard.copied ? t('header.copied') : t('header.copyPublicLink')}
    </Button>
  );
}
