import {
  type ChartVis,
  CUSTOM_SUBTYPES,
  chartVisSchema,
  type KpiVis,
  kpiVisSchema,
  type TableVis,
  tableVisSchema,
  type UnitDataErrorCode,
  type UnitType,
} from '@tessera/shared';
import { badRequest, type ErrorMessage, issueMessage } from '../../../platform/errors.ts';

/**
 * What computing a card's data means for its type (pure): nothing yet (no type, or a custom card with nothing
 * to map), a card error, or a query of one of the three query shapes with its vis parsed by the strict schemas.
 *
 * Custom cards (beta) whose subtype maps data carry a chart-, KPI- or table-like vis: a `kpi` list (comparison
 * KPI) is read as a KPI, axis buckets (network) as a chart, a `table` list (editable) as a table; the others
 * (markdown, html, image KPI...) have no data.
 */
export type QueryType = 'chart' | 'kpi' | 'table';
export type Plan =
  | { kind: 'none'; empty: [] | Record<string, never> }
  | { kind: 'error'; code: UnitDataErrorCode; empty: [] | Record<string, never> }
  | { kind: 'chart'; vis: ChartVis }
  | { kind: 'kpi'; vis: KpiVis }
  | { kind: 'table'; vis: TableVis };

export interface CardShape {
  type: UnitType | null;
  subtype: string | null;
  vis: Record<string, unknown>;
}

export const emptyData = (type: QueryType | null): [] | Record<string, never> => (type === 'kpi' ? {} : []);

/**
 * @param strict a vis that does not parse is the request's fault (400, the mapping editor's unsaved vis); for a
 *   saved card it is answered as the card error 'error', so that one broken card never breaks its dashboard.
 */
export function planCard(card: CardShape, strict: boolean): Plan {
  if (!card.type) return { kind: 'none', empty: [] };
  let type: QueryType;
  if (card.type === 'custom') {
    const subtype = card.subtype ?? card.vis.subtype;
    if (typeof subtype !== 'string' || !(CUSTOM_SUBTYPES as readonly string[]).includes(subtype)) {
      return { kind: 'error', code: 'unknown-subtype', empty: [] };
    }
    const mapped = customQueryType(card.vis);
    if (!mapped) return { kind: 'none', empty: [] };
    type = mapped;
  } else type = card.type;

  const parsed = parseVis(type, card.vis);
  if (!parsed.success) {
    if (strict) throw badRequest('card.invalidConfiguration', parsed.fields);
    return { kind: 'error', code: 'error', empty: emptyData(type) };
  }
  return parsed.plan;
}

function customQueryType(vis: Record<string, unknown>): QueryType | undefined {
  const nonEmpty = (v: unknown) => Array.isArray(v) && v.length > 0;
  if (nonEmpty(vis.kpi)) return 'kpi';
  if (nonEmpty(vis.independent) || nonEmpty(vis.dependent)) return 'chart';
  if (nonEmpty(vis.table)) return 'table';
  return undefined;
}

type Parsed = { success: true; plan: Plan } | { success: false; fields: Record<string, ErrorMessage> };

function parseVis(type: QueryType, vis: unknown): Parsed {
  const result =
    type === 'chart'
      ? chartVisSchema.safeParse(vis)
      : type === 'kpi'
        ? kpiVisSchema.safeParse(vis)
        : tableVisSchema.safeParse(vis);
  if (!result.success) {
    const fields: Record<string, ErrorMessage> = {};
    for (const issue of result.error.issues) fields[['vis', ...issue.path].join('.')] ??= issueMessage(issue);
    return { success: false, fields };
  }
  return { success: true, plan: { kind: type, vis: result.data } as Plan };
}
