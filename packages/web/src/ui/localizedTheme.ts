import {
  ColorInput,
  Drawer,
  type MantineThemeOverride,
  Modal,
  mergeThemeOverrides,
  Notification,
  Pagination,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from './theme.ts';

/**
 * The theme with the names Mantine's own icon buttons lack, in the user's language (docs/accessibility.md,
 * 4.1.2): the × of dialogs, drawers and notices, the pagination's arrows and pages, the colour field's dropper.
 */
export function localizedTheme(t: TFunction<'common'>): MantineThemeOverride {
  const close = { 'aria-label': t('close') };
  const controls = {
    first: t('pagination.first'),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    last: t('pagination.last'),
  };
  return mergeThemeOverrides(theme, {
    components: {
      ColorInput: ColorInput.extend({ defaultProps: { eyeDropperButtonProps: { 'aria-label': t('eyeDropper') } } }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: close } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: close } }),
      Notification: Notification.extend({ defaultProps: { closeButtonProps: close } }),
      Pagination: Pagination.extend({
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': controls[control] }),
          getItemProps: (page) => ({ 'aria-label': t('pagination.page', { page }) }),
        },
      }),
    },
  });
}

export function useLocalizedTheme(): MantineThemeOverride {
  const { t, i18n } = useTranslation('common');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the language
  return useMemo(() => localizedTheme(t), [t, i18n.language]);
}
