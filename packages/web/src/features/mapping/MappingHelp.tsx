import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HelpNotice } from '../../ui/HelpNotice.tsx';

/** The mapping screen's help: how to drag columns into buckets, and the keyboard way. */
export function MappingHelp() {
  const { t } = useTranslation('mapping');
  return (
    <HelpNotice popover="mappingPopovers" title={t('help.title')}>
      <Text size="xs">{t('help.drag')}</Text>
      <Text size="xs">{t('help.keyboard')}</Text>
      <Text size="xs">{t('help.settings')}</Text>
    </HelpNotice>
  );
}
