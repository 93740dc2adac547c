import {
  CUSTOM_SUBTYPES,
  type CustomSubtype,
  defaultVis,
  UNIT_TYPES,
  type Unit,
  type UnitType,
  type Vis,
} from '@tessera/shared';

/**
 * What the mapping screen starts from: the `type` of its address (kpi, table, chart, custom), and the card's
 * saved vis when it already has that type, else that type's default vis.
 */

export const parseUnitType = (value: string | null): UnitType | null =>
  (UNIT_TYPES as readonly string[]).includes(value ?? '') ? (value as UnitType) : null;

export function initialVis(unit: Pick<Unit, 'type' | 'subtype' | 'vis'>, type: UnitType): Vis {
  if (unit.type === type && Object.keys(unit.vis).length > 0) return structuredClone(unit.vis);
  return defaultVis(type, type === 'custom' ? unit.subtype : null);
}

/** A custom card's subtype: the one its vis carries (the custom editor sets it), else the card's. */
export function subtypeOf(unit: Pick<Unit, 'subtype'>, vis: Vis, type: UnitType): CustomSubtype | null {
  if (type !== 'custom') return null;
  const fromVis = vis.subtype;
  if (typeof fromVis === 'string' && (CUSTOM_SUBTYPES as readonly string[]).includes(fromVis)) {
    return fromVis as CustomSubtype;
  }
  return unit.subtype;
}
