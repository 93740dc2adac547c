import { ActionIcon, Tooltip } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  asTable: boolean;
  onToggle: () => void;
}

/**
 * "Show as table" where a card has no menu (public pages, docs/accessibility.md "Charts"): a button in the
 * card's header that shows the chart's data as a table, and the chart again.
 */
export function ChartTableButton({ asTable, onToggle }: Props) {
  const { t } = useTranslation('charts');
  const label = asTable ? t('dataTable.hide') : t('dataTable.show');
  return (
    <Tooltip label={label} openDelay={500}>
      <ActionIcon variant="subtle" color="gray" size="md" aria-label={label} onClick={onToggle}>
        {asTable ? <IconChartBar size={16} /> : <IconTable size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
