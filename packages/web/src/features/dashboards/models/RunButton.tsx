import { Button, type ButtonProps, Loader, VisuallyHidden } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  busy: boolean;
  onRun: () => void;
  size?: ButtonProps['size'];
}

/**
 * A model's run button (its bar's and its panel's). While the run starts or goes it stays focusable (WCAG 2.4.3:
 * the focus it has must not drop to the page's body, as it would on a `disabled` button): it is aria-disabled, shows
 * a loader, ignores presses, and a status says "Running Model..." (modelBar.running) to assistive technology.
 */
export function RunButton({ label, busy, onRun, size }: Props) {
  const { t } = useTranslation('dashboards');
  const icon = size === 'xs' ? 14 : 16;
  return (
    <>
      <Button
        size={size}
        leftSection={busy ? <Loader size={icon} color="currentColor" /> : <IconPlayerPlay size={icon} />}
        aria-disabled={busy || undefined}
        data-disabled={busy || undefined}
        data-busy={busy || undefined}
        onClick={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          onRun();
        }}
      >
        {label}
      </Button>
      <VisuallyHidden role="status">{busy ? t('modelBar.running') : ''}</VisuallyHidden>
    </>
  );
}
