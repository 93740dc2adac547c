import { ActionIcon, Button, Group, ScrollArea, Stack, Table, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Vis } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditableTable, editableTableOf } from './customVis.ts';

interface Props {
  vis: Vis;
  /** Saves the edited table into the vis (`columns`, `rows`); without it the table is read-only. */
  onSave?: (vis: Vis) => void;
}

const MAX_COLUMNS = 50;
const MAX_ROWS = 500;

/**
 * An editable table card: cells and column names are edited locally, and Save writes them into the card's vis
 * as rows (Reset drops the local edits). Without `onSave` (readers, public pages) it is a plain table.
 */
export function EditableTableView({ vis, onSave }: Props) {
  const { t } = useTranslation('cardSettings');
  const [table, setTable] = useState<EditableTable>(() => editableTableOf(vis));
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    setTable(editableTableOf(vis));
    setDirty(false);
  }, [vis]);
  const edit = (next: EditableTable) => {
    setTable(next);
    setDirty(true);
  };
  const setCell = (r: number, c: number, value: string) =>
    edit({ ...table, rows: table.rows.map((row, i) => (i === r ? row.map((v, j) => (j === c ? value : v)) : row)) });
  const setColumn = (c: number, value: string) =>
    edit({ ...table, columns: table.columns.map((v, j) => (j === c ? value : v)) });
  const addColumn = () =>
    edit({
      columns: [...table.columns, t('custom.columnName', { number: table.columns.length + 1 })],
      rows: table.rows.map((row) => [...row, '']),
    });
  const addRow = () => edit({ ...table, rows: [...table.rows, table.columns.map(() => '')] });
  const removeRow = (r: number) => edit({ ...table, rows: table.rows.filter((_, i) => i !== r) });
  const editable = onSave !== undefined;
  const cell = (value: string, label: string, on: (value: string) => void) =>
    editable ? (
      <TextInput
        size="xs"
        variant="unstyled"
        aria-label={label}
        value={value}
        onChange={(e) => on(e.currentTarget.value)}
      />
    ) : (
      value
    );
  return (
    <Stack gap="xs" h="100%" p="xs">
      <ScrollArea flex={1} type="auto">
        <Table withTableBorder withColumnBorders striped>
          <Table.Thead>
            <Table.Tr>
              {table.columns.map((column, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                <Table.Th key={c}>
                  {cell(column, t('custom.columnLabel', { number: c + 1 }), (v) => setColumn(c, v))}
                </Table.Th>
              ))}
              {editable && <Table.Th w={36} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
              <Table.Tr key={r}>
                {row.map((value, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <Table.Td key={c}>
                    {cell(value, t('custom.cellLabel', { row: r + 1, column: c + 1 }), (v) => setCell(r, c, v))}
                  </Table.Td>
                ))}
                {editable && (
                  <Table.Td>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={t('custom.removeRow', { number: r + 1 })}
                      onClick={() => removeRow(r)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {editable && (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={addColumn} disabled={table.columns.length >= MAX_COLUMNS}>
            {t('custom.addColumn')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={addRow}
            disabled={table.columns.length === 0 || table.rows.length >= MAX_ROWS}
          >
            {t('custom.addRow')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            disabled={!dirty}
            onClick={() => {
              setTable(editableTableOf(vis));
              setDirty(false);
            }}
          >
            {t('custom.reset')}
          </Button>
          <Button
            size="xs"
            disabled={!dirty}
            onClick={() => onSave?.({ ...vis, columns: table.columns, rows: table.rows })}
          >
            {t('custom.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
