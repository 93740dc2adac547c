import { Box, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { columnDecimals, type DataRow, TABLE_PAGE_SIZE, type Unit, type UnitData } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../canvas/index.ts';
import { clickedOfCell, isKeyColumn, selectedTableRows, useCardCrossFilter } from '../../crossFilters/index.ts';
import { PageControls } from './PageControls.tsx';
import type { TableSort } from './tableState.ts';

/** Placeholder rows while a page loads. */
export const LOADING_ROWS = 10;

interface Column {
  id: string;
  feature: { _id: string };
}

interface Props {
  unit: Unit;
  data: UnitData;
  /** The next page or sort is loading: its rows show as placeholders. */
  loading: boolean;
  sort: TableSort | null;
  onSort: (column: { id: string; featureId: string }) => void;
  onPage: (page: number) => void;
}

/**
 * A table card (table vis, table sorting): the mapped columns headed by their feature's name,
 * a page of 100 rows, the header click sort cycle and the paging controls. Each cell is a button that
 * cross-filters the tab's other cards by its row's key (shift, ctrl or ⌘ adds a value; again removes it).
 */
export function TableView({ unit, data, loading, sort, onSort, onPage }: Props) {
  const { t, i18n } = useTranslation('cards');
  const columns = ((unit.vis as { table?: Column[] }).table ?? []).filter((c) => c?.id && c.feature?._id);
  const rows = (Array.isArray(data.data) ? data.data : []) as DataRow[];
  const featureOf = (column: Column) => data.features.find((f) => f._id === column.feature._id);
  const metaOf = (column: Column) => data.series.find((s) => s.id === column.id);
  const shown = rows.slice(0, TABLE_PAGE_SIZE);
  // One number of decimals for each column's numbers on the page ("0.60" beside "2.80", not "0.6").
  const decimals = new Map(columns.map((column) => [column.id, columnDecimals(shown.map((row) => row[column.id]))]));

  // Cross-filtering (docs/cross-filters.md): a cell selects its key value (its own, or its row's for an aggregate).
  const cross = useCardCrossFilter(unit, data);
  const selectable = cross.active && data.series.some(isKeyColumn);
  const selected = new Set(selectable ? selectedTableRows(rows, data.series, cross.own) : []);
  const select = (row: number, columnId: string, adding: boolean) =>
    cross.select(clickedOfCell(rows, row, columnId, data.series, cross.featureName, cross.format), adding);

  const sortLabel = (column: Column) => {
    if (sort?.columnId !== column.id) return undefined;
    return sort.direction === 'ASC' ? 'ascending' : 'descending';
  };

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box flex={1} mih={0} style={{ overflow: 'auto' }}>
        <Table
          striped
          highlightOnHover
          stickyHeader
          fz="xs"
          verticalSpacing={4}
          aria-label={t('table.label', { name: unit.name })}
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const name = featureOf(column)?.name ?? '';
                return (
                  <Table.Th
                    key={column.id}
                    aria-sort={sortLabel(column) ?? 'none'}
                    ta={featureOf(column)?.type === 'number' ? 'right' : undefined}
                  >
                    <UnstyledButton
                      fz="xs"
                      fw={700}
                      aria-label={t('table.sortBy', { column: name })}
                      onClick={() => onSort({ id: column.id, featureId: column.feature._id })}
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
                    >
                      {name}
                      {sort?.columnId === column.id &&
                        (sort.direction === 'ASC' ? (
                          <IconArrowUp size={12} aria-label={t('table.sortedAscending')} />
                        ) : (
                          <IconArrowDown size={12} aria-label={t('table.sortedDescending')} />
                        ))}
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                  <Table.Tr key={index} data-testid="table-loading-row">
                    {columns.map((column) => (
                      <Table.Td key={column.id}>
                        <Skeleton height={10} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : shown.map((row, index) => (
                  <Table.Tr
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                    key={index}
                    data-selected={selected.has(index) || undefined}
                    style={selected.size > 0 && !selected.has(index) ? { opacity: 0.45 } : undefined}
                  >
                    {columns.map((column) => {
                      const meta = metaOf(column);
                      const numeric = typeof row[column.id] === 'number';
                      const text = formatValue(
                        row[column.id],
                        meta,
                        featureOf(column),
                        i18n.language,
                        decimals.get(column.id),
                      );
                      return (
                        <Table.Td key={column.id} ta={numeric ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                          {selectable ? (
                            <UnstyledButton
                              fz="xs"
                              title={t('table.selectHint')}
                              aria-pressed={selected.has(index)}
                              onClick={(event) =>
                                select(index, column.id, event.shiftKey || event.ctrlKey || event.metaKey)
                              }
                            >
                              {text}
                            </UnstyledButton>
                          ) : (
                            text
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Box>
      {data.pages && <PageControls pages={data.pages} onPage={onPage} />}
    </Box>
  );
}
