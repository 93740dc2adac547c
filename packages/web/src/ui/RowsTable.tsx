import { ScrollArea, Table } from '@mantine/core';
import type { Cell } from '@tessera/shared';

const showCell = (value: Cell | undefined) => (value === null || value === undefined ? '' : String(value));

/** Rows of a dataset keyed by feature id, under their features' names, in the features' order. */
export function RowsTable({
  features,
  rows,
  label,
  compact = false,
}: {
  features: ReadonlyArray<{ _id: string; name: string }>;
  rows: ReadonlyArray<Record<string, Cell>>;
  label?: string;
  compact?: boolean;
}) {
  return (
    <ScrollArea>
      <Table striped withTableBorder highlightOnHover={!compact} fz={compact ? 'sm' : undefined} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {features.map((f) => (
              <Table.Th key={f._id}>{f.name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
            <Table.Tr key={i}>
              {features.map((f) => (
                <Table.Td key={f._id}>{showCell(row[f._id])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
