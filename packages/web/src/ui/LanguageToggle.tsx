import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n/index.ts';

/** EN/FR: the choice is kept in localStorage under `language`. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation('common');
  const current = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '') ? i18n.resolvedLanguage : 'en';
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language')}
      value={current}
      onChange={(value) => setLanguage(value as Language)}
      data={LANGUAGES.map((lang) => ({ value: lang, label: lang.toUpperCase() }))}
    />
  );
}
