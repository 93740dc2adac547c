import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { SHELL_TOOLTIP_DELAY_MS } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

/** Dark/light: dark by default; Mantine's colour-scheme manager keeps the choice locally. */
export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('dark');
  const label = current === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip label={label} openDelay={SHELL_TOOLTIP_DELAY_MS}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        onClick={() => setColorScheme(current === 'dark' ? 'light' : 'dark')}
      >
        {current === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
