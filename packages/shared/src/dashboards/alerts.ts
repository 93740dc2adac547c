import { z } from 'zod';
import { id } from '../http/ids.ts';
import type { UnitType } from './constants.ts';
import type { DataRow } from './unitData.ts';
import { chartVisSchema, kpiVisSchema } from './visSchemas.ts';

/**
 * Threshold alerts on a KPI card's value or a chart's series total (docs/data-apps.md "Alerts"). The rules both
 * sides run: which values of a card an alert may watch, the number an answer gives for one, and whether a condition
 * holds. The server checks on a schedule and after a change of the card's datasets; an alert fires when its
 * condition turns from false to true, never again until it has been false.
 */

export const ALERT_CONDITIONS = ['above', 'below', 'change'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

export const ALERT_NAME_MAX = 100;
/** A percent change threshold is at most this (1,000,000 %: beyond it any change is news). */
export const ALERT_PERCENT_MAX = 1_000_000;

/** What the server answers about alerts (each has a code in SERVER_ERRORS: `alert.<key>`). */
export const ALERT_MESSAGES = {
  notFound: 'Alert not found',
  notAlertable: 'Alerts watch KPI and chart cards only',
  unknownValue: 'This value is not on the card',
  notANumber: 'Must be a number',
  negativePercent: 'A percent change must be greater than 0',
  tooLargePercent: 'A percent change is at most 1000000',
} as const;

/** A value of a card an alert may watch: a KPI value, or a chart's dependent series (its total over the rows). */
export interface AlertableValue {
  id: string;
  label: string;
  /** The feature it reads and the operation on it (the web names the value by them when it has no label). */
  featureId: string;
  operation: string;
}

/** The values of a saved card an alert may watch; none for a table, a custom card or a vis that does not parse. */
export function alertableValues(type: UnitType | null, vis: unknown): AlertableValue[] {
  const of = (s: { id: string; label?: string; operation?: string; feature: { _id: string } }) => ({
    id: s.id,
    label: s.label ?? '',
    featureId: s.feature._id,
    operation: s.operation ?? '',
  });
  if (type === 'kpi') {
    const parsed = kpiVisSchema.safeParse(vis ?? {});
    return parsed.success ? parsed.data.kpi.map(of) : [];
  }
  if (type === 'chart') {
    const parsed = chartVisSchema.safeParse(vis ?? {});
    return parsed.success ? parsed.data.dependent.flatMap((axis) => axis.series.map(of)) : [];
  }
  return [];
}

/** Whether alerts may watch this kind of card. */
export const isAlertableType = (type: UnitType | null): boolean => type === 'kpi' || type === 'chart';

const numberOf = (cell: unknown): number | null => {
  if (typeof cell === 'number' && Number.isFinite(cell)) return cell;
  if (typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell))) return Number(cell);
  return null;
};

/**
 * The number a card's answer gives for a watched value: a KPI's value; a chart series' total over its rows (the
 * numbers among them). Null when there is none (no rows, an empty KPI, a card error).
 */
export function alertValueOf(type: UnitType | null, data: DataRow | DataRow[], valueId: string): number | null {
  if (type === 'kpi' && !Array.isArray(data)) return numberOf(data[valueId]);
  if (type === 'chart' && Array.isArray(data)) {
    const numbers = data.map((row) => numberOf(row[valueId])).filter((n): n is number => n !== null);
    return numbers.length ? numbers.reduce((a, b) => a + b, 0) : null;
  }
  return null;
}

/**
 * Whether an alert's condition holds for the value now, given the value of the last check (a change only). A
 * change compares with the last checked value: more than `threshold` % away from it, up or down; with no earlier
 * value there is nothing to compare (false); from 0, any other value is a change.
 */
export function alertHolds(
  condition: AlertCondition,
  threshold: number,
  current: number | null,
  previous: number | null,
): boolean {
  if (current === null) return false;
  if (condition === 'above') return current > threshold;
  if (condition === 'below') return current < threshold;
  if (previous === null) return false;
  if (previous === 0) return current !== 0;
  return (Math.abs(current - previous) / Math.abs(previous)) * 100 > threshold;
}

const finite = z.number(ALERT_MESSAGES.notANumber).refine(Number.isFinite, ALERT_MESSAGES.notANumber);

/** Name required, 1 to ALERT_NAME_MAX characters. */
export const alertNameField = z
  .string('Required')
  .trim()
  .min(1, 'Required')
  .max(ALERT_NAME_MAX, `At most ${ALERT_NAME_MAX} characters`);

/** A change's threshold is a percent greater than 0; above and below take any number. */
function checkThreshold(input: { condition?: AlertCondition; value?: number }, ctx: z.RefinementCtx) {
  if (input.condition !== 'change' || input.value === undefined) return;
  if (input.value <= 0)
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: ALERT_MESSAGES.negativePercent,
      params: { code: 'alert.negativePercent' },
    });
  if (input.value > ALERT_PERCENT_MAX) {
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: ALERT_MESSAGES.tooLargePercent,
      params: { code: 'alert.tooLargePercent' },
    });
  }
}

export const alertBodySchema = z
  .object({
    name: alertNameField,
    unitId: id,
    tabId: id,
    valueId: z.string('Required').min(1, 'Required').max(64, ALERT_MESSAGES.unknownValue),
    condition: z.enum(ALERT_CONDITIONS, 'Invalid value'),
    value: finite,
  })
  .strict()
  .superRefine(checkThreshold);
export type AlertBody = z.infer<typeof alertBodySchema>;

/** A change of name, condition or threshold (the card and value watched stay). */
export const alertUpdateSchema = z
  .object({
    name: alertNameField.optional(),
    condition: z.enum(ALERT_CONDITIONS, 'Invalid value').optional(),
    value: finite.optional(),
  })
  .strict()
  .superRefine(checkThreshold);
export type AlertUpdate = z.infer<typeof alertUpdateSchema>;

export const alertSchema = z.object({
  _id: id,
  name: z.string(),
  projectId: id,
  dashboardId: id,
  unitId: id,
  tabId: id,
  valueId: z.string(),
  condition: z.enum(ALERT_CONDITIONS),
  value: z.number(),
  /** Whether the condition held at the last check (it fires again only after this has been false). */
  active: z.boolean(),
  lastValue: z.number().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastFiredAt: z.string().nullable(),
  user: z.object({ id }),
  timeCreated: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

/** One firing: the condition turned true with this value (and the value of the check before, for a change). */
export const alertFiringSchema = z.object({
  _id: id,
  alertId: id,
  value: z.number(),
  previousValue: z.number().nullable(),
  firedAt: z.string(),
});
export type AlertFiring = z.infer<typeof alertFiringSchema>;

/** The live event of a firing: sent to its recipient's sockets in the project. */
export const alertFiredEventSchema = z.object({
  _id: id,
  name: z.string(),
  dashboardId: id,
  unitId: id,
  userId: id,
  condition: z.enum(ALERT_CONDITIONS),
  threshold: z.number(),
  value: z.number(),
});
export type AlertFiredEvent = z.infer<typeof alertFiredEventSchema>;
