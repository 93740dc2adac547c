import { Button, FileButton, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { LOGO_HINT_PX } from '@tessera/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadUserLogo } from '../../api/account.ts';
import { formErrors, useServerText } from '../../ui/serverText.ts';
import { logoProblem } from './logoFile.ts';

/** Uploads a user's logo (PUT /api/v1/users/{id}/logo, field `logo`). */
export function LogoUpload({ userId, onUploaded }: { userId: string; onUploaded: (logo: string) => void }) {
  const upload = useUploadUserLogo(userId);
  return <LogoPicker upload={upload.mutateAsync} pending={upload.isPending} onUploaded={onUploaded} />;
}

export interface LogoPickerProps {
  /** Sends the checked file (a user's or an organization's logo call) and answers the saved logo. */
  upload: (file: File) => Promise<{ logo: string }>;
  pending: boolean;
  onUploaded: (logo: string) => void;
}

/**
 * Picks and uploads a logo. The file is checked here first (png, under 16000 bytes) so a wrong pick
 * is told at once; the server checks again and its field error is shown the same way. Shared by user and
 * organization logos.
 */
export function LogoPicker({ upload, pending, onUploaded }: LogoPickerProps) {
  const { t } = useTranslation('settings');
  const serverText = useServerText();
  const [error, setError] = useState<string | null>(null);
  // Cleared after each pick so that choosing the same file again (after fixing it) is seen as a change.
  const resetRef = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    resetRef.current?.();
    setError(null);
    const problem = await logoProblem(file);
    if (problem) {
      setError(t(problem === 'type' ? 'logo.wrongType' : 'logo.tooLarge'));
      return;
    }
    try {
      const { logo } = await upload(file);
      onUploaded(logo);
    } catch (err) {
      setError(formErrors(err, ['logo'], 'logo', serverText, t('logo.failed')).logo);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      {/* `accept` only filters the picker's default view; any file can still be chosen, hence the check. */}
      <FileButton
        resetRef={resetRef}
        accept="image/png"
        onChange={(file) => void pick(file)}
        inputProps={{ 'aria-label': t('logo.upload') }}
      >
        {(props) => (
          <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={pending}>
            {t('logo.upload')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t('logo.hint', { px: LOGO_HINT_PX })}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
