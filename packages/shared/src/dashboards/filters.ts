import { z } from 'zod';
import { DURATION_UNITS, FILTER_OPERATIONS } from '../datasets/types.ts';
import { id } from '../http/ids.ts';

/**
 * A data app filter: on a dashboard, a tab, a card (vis.filters) or one series of a card.
 * Its shape is checked here; whether it is *valid* (complete enough to apply) is `isFilterValid` in
 * filterValidity.ts, the one rule that the menus, the server and the compiler all run.
 *
 * `type` says which menu made it and which value shape it holds:
 * - value: a number compared with one number (greater, less, equal, not-equal, greater-equal, less-equal)
 * - range: a number between `value.from` and `value.to`
 * - date: between (from, to), before (to), after (from), on (on; or selectedDateItems for days of week or
 *   months), last (duration + unit); `option` names the date menu's tab ('date', 'dayOfWeek', 'month')
 * - category: equal / not-equal with a list of categories; contains / begins-with / ends-with with a text
 * - text: contains, equal, begins-with, ends-with with a text
 * - time: before / after / equal with `value.value`, between with from and to ('HH:MM[:SS]')
 * and empty / not-empty on any type, with no value.
 */
export const FILTER_TYPES = ['value', 'range', 'date', 'category', 'text', 'time'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const DATE_ITEM_PARTS = ['dow', 'month'] as const;

const text = z.string().max(1000);
const bound = z.union([z.number(), z.string().max(100)]).nullable();

export const filterValueSchema = z.union([
  z.number(),
  text,
  z.array(z.union([text, z.number()])).max(1000),
  z
    .object({
      value: z.union([z.number(), text]).nullable().optional(),
      from: bound.optional(),
      to: bound.optional(),
      on: z.string().max(100).nullable().optional(),
      duration: z.number().nullable().optional(),
      unit: z.enum(DURATION_UNITS).optional(),
      selectedDateItems: z
        .object({ part: z.enum(DATE_ITEM_PARTS), values: z.array(z.number().int()).max(31) })
        .nullable()
        .optional(),
    })
    .strict(),
  z.null(),
]);
export type FilterValue = z.infer<typeof filterValueSchema>;

export const filterSchema = z
  .object({
    _id: z.string().min(1).max(64),
    type: z.enum(FILTER_TYPES),
    option: z.string().max(40).optional(),
    operation: z.enum(FILTER_OPERATIONS),
    value: filterValueSchema.optional(),
    feature: z.object({ id }).strict(),
    /** Client only: the menus' verdict (never trusted by the server, which re-checks). */
    valid: z.boolean().optional(),
  })
  .strict();
export type DashboardFilter = z.infer<typeof filterSchema>;

/** A filter as a client creates it (the server gives it its `_id`). */
export const newFilterSchema = filterSchema.omit({ _id: true, valid: true });
export type NewDashboardFilter = z.infer<typeof newFilterSchema>;

/** Filters on a dashboard or a tab, and on one request. */
export const FILTER_LIMITS = { perList: 50 } as const;
