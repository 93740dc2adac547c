import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HelpNotice } from '../../ui/HelpNotice.tsx';

/** The models area's help: from a package of Python functions to a model run from a dashboard. */
export function ModelHelp() {
  const { t } = useTranslation('models');
  return (
    <HelpNotice popover="modelPopovers" title={t('help.title')}>
      <Text size="xs">{t('help.packages')}</Text>
      <Text size="xs">{t('help.models')}</Text>
      <Text size="xs">{t('help.runs')}</Text>
    </HelpNotice>
  );
}
