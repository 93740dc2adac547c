import type { Unit, UnitData } from '@tessera/shared';

interface Props {
  unit: Unit;
  data: UnitData | undefined;
  width: number;
  height: number;
  h: number | undefined;
}

/** A chart card's ECharts view, or a custom card's own view (integrated once those views land). */
export function CardChart(_props: Props) {
  return null;
}
