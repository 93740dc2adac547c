import { Button, Group, Modal, Pagination, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { columnDecimals, type OrderByEntry, type Unit, type UnitRowsBody } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUnitRows, fetchUnitRows } from '../../api/units.ts';
import { formatValue, saveTextFile, useDashboardMode } from '../canvas/index.ts';

const PAGE_SIZE = 50;

interface Props {
  unit: Unit;
  /** What the rows are behind: the filters and cross-filters in force, the clicked element. */
  body: UnitRowsBody;
  onClose: () => void;
}

/**
 * "View rows" (docs/cross-filters.md): the rows behind a card or its selected element, with the row count on top,
 * a page at a time, sortable by any column (a click on its header: ascending, descending), and downloadable as CSV.
 */
export function ViewRowsModal({ unit, body, onClose }: Props) {
  const { t, i18n } = useTranslation('dashboards');
  const { place } = useDashboardMode();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<OrderByEntry | null>(null);
  const request = { ...body, ...(sort ? { orderBy: [sort] } : {}) };
  const rows = useQuery({
    queryKey: ['unitRows', unit._id, place.kind, request, page],
    queryFn: () => fetchUnitRows(unit, { place, tabId: unit.tabId, page, limit: PAGE_SIZE, body: request }),
    placeholderData: keepPreviousData,
    meta: { pageError: false },
    retry: false,
  });
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const { data, fileName } = await downloadUnitRows(unit, { place, tabId: unit.tabId, body: request });
      saveTextFile(fileName, data);
    } finally {
      setDownloading(false);
    }
  };
  const toggleSort = (featureId: string) => {
    setPage(1);
    setSort((current) =>
      current?.value !== featureId
        ? { id: 'rows', value: featureId, type: 'ASC' }
        : current.type === 'ASC'
          ? { ...current, type: 'DESC' }
          : null,
    );
  };
  const answer = rows.data;
  // One number of decimals for each column's numbers on the page, as a table card shows them.
  const decimals = new Map(
    (answer?.features ?? []).map((f) => [f._id, columnDecimals((answer?.rows ?? []).map((row) => row[f._id]))]),
  );
  const locale = i18n.resolvedLanguage ?? 'en';
  const pages = answer ? Math.max(1, Math.ceil(answer.total / PAGE_SIZE)) : 1;

  return (
    <Modal opened onClose={onClose} size="xl" title={t('viewRows.title', { card: unit.name || t('card.untitled') })}>
      <Group justify="space-between" mb="sm">
        <Text fw={600} data-testid="view-rows-count">
          {answer ? t('viewRows.count', { count: answer.total, formatted: answer.total.toLocaleString(locale) }) : ''}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          disabled={!answer?.total}
          onClick={() => void download()}
        >
          {t('viewRows.download')}
        </Button>
      </Group>
      {rows.isError && <Text c="red">{t('viewRows.failed')}</Text>}
      {answer && (
        <ScrollArea h={420} type="auto">
          <Table striped highlightOnHover withTableBorder stickyHeader data-testid="view-rows-table">
            <Table.Thead>
              <Table.Tr>
                {answer.features.map((feature) => (
                  <Table.Th key={feature._id} aria-sort={ariaSort(sort, feature._id)}>
                    <UnstyledButton onClick={() => toggleSort(feature._id)} fw={600} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {feature.name}
                        {sort?.value === feature._id &&
                          (sort.type === 'ASC' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />)}
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; a page is redrawn whole
                <Table.Tr key={i}>
                  {answer.features.map((feature) => (
                    <Table.Td key={feature._id}>
                      {formatValue(
                        row[feature._id],
                        { valueType: feature.type },
                        feature,
                        locale,
                        decimals.get(feature._id),
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Modal>
  );
}

function ariaSort(sort: OrderByEntry | null, featureId: string): 'ascending' | 'descending' | 'none' {
  if (sort?.value !== featureId) return 'none';
  return sort.type === 'ASC' ? 'ascending' : 'descending';
}
