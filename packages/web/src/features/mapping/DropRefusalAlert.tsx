import { Alert } from '@mantine/core';
import type { DropRefusal } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

interface Props {
  refusal: DropRefusal | null;
  onClose: () => void;
}

/** Why the last drop was refused (a bucket's rules: one dataset per chart, one column per X...), until dismissed. */
export function DropRefusalAlert({ refusal, onClose }: Props) {
  const { t } = useTranslation('mapping');
  if (!refusal) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('refusals.title')}
      withCloseButton
      closeButtonLabel={t('refusals.dismiss')}
      onClose={onClose}
      data-testid="drop-refusal"
    >
      {t(`refusals.${refusal}`)}
    </Alert>
  );
}
