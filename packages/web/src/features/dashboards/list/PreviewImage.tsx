import { Center, Image, Loader, Stack, Text } from '@mantine/core';
import { IconPhotoOff, IconSparkles } from '@tabler/icons-react';
import type { Dashboard } from '@tessera/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardPreview, usePreviewImage } from '../../../api/dashboards.ts';
import { msLeftAsNew, previewPhase } from './previewState.ts';

export const PREVIEW_HEIGHT = 168;

/**
 * The image area of a data app card: 'New dashboard', then 'Generating preview...' while it asks for the image
 * every 5 s, then the image itself.
 */
export function PreviewImage({ projectId, dashboard }: { projectId: string; dashboard: Dashboard }) {
  const { t } = useTranslation('dashboards');
  const [now, setNow] = useState(() => Date.now());
  const left = msLeftAsNew(dashboard.timeCreated, now);

  // Re-render when the 'New dashboard' window ends, so the card starts asking for its image.
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [left]);

  const known = dashboard.preview;
  const asking = left <= 0 && !known.url;
  const polled = useDashboardPreview(projectId, dashboard._id, asking);
  const state = polled.data ?? known;
  const phase = previewPhase(dashboard.timeCreated, now, state);
  const image = usePreviewImage(phase === 'ready' ? state.url : null);
  const src = useObjectUrl(image.data);

  if (phase === 'ready' && src) {
    return <Image src={src} h={PREVIEW_HEIGHT} fit="cover" alt={t('appCard.previewAlt', { name: dashboard.name })} />;
  }
  const text =
    phase === 'new'
      ? t('appCard.newDashboard')
      : phase === 'failed'
        ? t('appCard.previewFailed')
        : t('appCard.generating');
  return (
    <Center h={PREVIEW_HEIGHT} bg="var(--mantine-color-default-hover)">
      <Stack align="center" gap={6}>
        {phase === 'new' ? (
          <IconSparkles size={28} stroke={1.5} />
        ) : phase === 'failed' ? (
          <IconPhotoOff size={28} stroke={1.5} />
        ) : (
          <Loader size="sm" type="dots" />
        )}
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/** A blob shown through an object URL, released when it changes or the card goes away. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
