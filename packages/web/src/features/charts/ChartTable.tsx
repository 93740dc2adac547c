/**
 * A chart's data as an HTML table (docs/accessibility.md "Charts"), shown in place of the drawing by "Show as
 * table": one column per mapped series, named as the chart names it, then one row per data row, its values
 * written as the chart writes them. The first column heads its row. Reads the data the card already has.
 */
import { Table } from '@mantine/core';
import {
  type ChartVis,
  chartSeries,
  chartVisSchema,
  type DataRow,
  type SeriesMeta,
  type UnitFeature,
} from '@tessera/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { titledSeries } from './seriesTitle.ts';
import { formatValue } from './valueFormat.ts';

/** Which series come first: what the values are by, then the groups, then the values, then the rest. */
const ROLE_ORDER: Array<SeriesMeta['role']> = [
  'independent',
  'groupBy',
  'dependent',
  'otherDimensions',
  'gradientDimension',
  'tooltip',
];

export interface ChartTableProps {
  /** The table's accessible name. */
  label: string;
  vis: ChartVis | Record<string, unknown>;
  data: DataRow[];
  series: SeriesMeta[];
  features: UnitFeature[];
}

export function ChartTable({ label, vis, data, series, features }: ChartTableProps) {
  const { t, i18n } = useTranslation('charts');
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const columns = useMemo(() => {
    const parsed = chartVisSchema.safeParse(vis);
    const visById = new Map(parsed.success ? chartSeries(parsed.data).map((e) => [e.series.id, e.series]) : []);
    const featureOf = (id: string) => features.find((f) => f._id === id);
    const rank = (meta: SeriesMeta) => {
      const at = ROLE_ORDER.indexOf(meta.role);
      return at < 0 ? ROLE_ORDER.length : at;
    };
    return titledSeries(series, visById, featureOf, t).sort((a, b) => rank(a) - rank(b));
  }, [vis, series, features, t]);
  const featureOf = (id: string) => features.find((f) => f._id === id);
  const fmt = { locale, t, featureOf };

  return (
    <Table aria-label={label} striped withTableBorder stickyHeader fz="sm">
      <Table.Thead>
        <Table.Tr>
          {columns.map((meta) => (
            <Table.Th key={meta.id} scope="col">
              {meta.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own, and never move
          <Table.Tr key={i}>
            {columns.map((meta, c) => {
              const text = formatValue(row[meta.id], meta, fmt);
              return c === 0 ? (
                <Table.Th key={meta.id} scope="row" fw="normal">
                  {text}
                </Table.Th>
              ) : (
                <Table.Td key={meta.id}>{text}</Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
