import { Paper, Table, Text } from '@mantine/core';
import { type DataRow, EXPORT_TABLE_ROW_LIMIT, PREVIEW_TOKEN_PARAM, type Unit, type UnitData } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchUnitData } from '../../../api/units.ts';
import { formatValue, useDashboardMode } from '../../canvas/index.ts';
import { useCrossFilters } from '../../crossFilters/index.ts';
import { useActiveFilters } from '../../filters/index.ts';

interface Column {
  id: string;
  feature: { _id: string };
}

interface Rows {
  first: UnitData;
  rows: DataRow[];
  /** More rows than the limit: the file says it cut them. */
  cut: boolean;
}

/**
 * A table card on paper: every row (page after page of its data, up to EXPORT_TABLE_ROW_LIMIT) in one table whose
 * header the browser repeats on each printed page; a line under it says when the rows were cut.
 */
export function ExportTable({ unit, onLoaded }: { unit: Unit; onLoaded(unitId: string): void }) {
  const { t, i18n } = useTranslation('dashboards');
  const { place } = useDashboardMode();
  const [search] = useSearchParams();
  const previewToken = search.get(PREVIEW_TOKEN_PARAM);
  const { filters, hydrated } = useActiveFilters(unit.dashboardId, unit.tabId);
  const crossFilters = useCrossFilters(unit.dashboardId, unit.tabId).forCard(unit._id);
  const [state, setState] = useState<Rows | 'failed' | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    const controller = new AbortController();
    const load = async () => {
      const args = { place, previewToken, tabId: unit.tabId, filters, crossFilters, enabled: true };
      const first = await fetchUnitData(unit, { ...args, page: 1 }, controller.signal);
      const rows = [...asRows(first)];
      let pages = first.pages;
      while (pages?.hasNext && pages.next && rows.length < EXPORT_TABLE_ROW_LIMIT) {
        const next = await fetchUnitData(unit, { ...args, page: pages.next }, controller.signal);
        rows.push(...asRows(next));
        pages = next.pages;
      }
      const cut = rows.length > EXPORT_TABLE_ROW_LIMIT || !!pages?.hasNext;
      setState({ first, rows: rows.slice(0, EXPORT_TABLE_ROW_LIMIT), cut });
    };
    load()
      .catch(() => !controller.signal.aborted && setState('failed'))
      .finally(() => !controller.signal.aborted && onLoaded(unit._id));
    return () => controller.abort();
  }, [unit, place, previewToken, filters, crossFilters, hydrated, onLoaded]);

  const columns = ((unit.vis as { table?: Column[] }).table ?? []).filter((c) => c?.id && c.feature?._id);
  const data = state && state !== 'failed' ? state.first : null;
  const featureOf = (column: Column) => data?.features.find((f) => f._id === column.feature._id);
  const metaOf = (column: Column) => data?.series.find((s) => s.id === column.id);

  return (
    <Paper withBorder radius="md" p="xs">
      <Text fw={600} size="sm" mb={4} data-testid="export-card-title">
        {unit.name || t('card.untitled')}
      </Text>
      {state === 'failed' && <Text size="sm">{t('export.tableFailed')}</Text>}
      {data && (
        <Table fz="xs" verticalSpacing={2} striped data-testid="export-table">
          <Table.Thead style={{ display: 'table-header-group' }}>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.id} ta={featureOf(column)?.type === 'number' ? 'right' : undefined}>
                  {featureOf(column)?.name ?? ''}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state !== 'failed' &&
              state?.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                <Table.Tr key={index} style={{ breakInside: 'avoid' }}>
                  {columns.map((column) => (
                    <Table.Td key={column.id} ta={typeof row[column.id] === 'number' ? 'right' : undefined}>
                      {formatValue(row[column.id], metaOf(column), featureOf(column), i18n.language)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      )}
      {state && state !== 'failed' && state.cut && (
        <Text size="xs" c="dimmed" mt={4} data-testid="export-table-cut">
          {t('export.tableCut', { count: EXPORT_TABLE_ROW_LIMIT })}
        </Text>
      )}
    </Paper>
  );
}

const asRows = (data: UnitData): DataRow[] => (Array.isArray(data.data) ? (data.data as DataRow[]) : []);
