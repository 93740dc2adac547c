import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HelpNotice } from '../../ui/HelpNotice.tsx';

/** The datasets area's help: uploads, joins, folders and the Features tab. */
export function DatasetHelp() {
  const { t } = useTranslation('datasets');
  return (
    <HelpNotice popover="datasetPopovers" title={t('help.title')}>
      <Text size="xs">{t('help.body')}</Text>
    </HelpNotice>
  );
}
