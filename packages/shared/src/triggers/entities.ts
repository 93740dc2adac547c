import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { id } from '../http/ids.ts';
import {
  INTERVAL_UNITS,
  TRIGGER_MESSAGES as M,
  REPEAT_UNITS,
  REPEAT_VALUE_MAX,
  TRIGGER_DESCRIPTION_MAX,
  TRIGGER_NAME_MAX,
  TRIGGER_STATUSES,
} from './constants.ts';
import type { TriggerPattern } from './pattern.ts';

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && DateTime.fromISO(s).isValid;
const isTime = (s: string) => /^\d{2}:\d{2}:\d{2}$/.test(s) && DateTime.fromISO(`2000-01-01T${s}`).isValid;
const isDateTime = (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(s) && DateTime.fromISO(s).isValid;

const date = z.string().refine(isDate, M.notDate);
const time = z.string().refine(isTime, M.notTime);

/**
 * A trigger's pattern, checked field by field: a known IANA zone, real dates and times, a
 * positive repeat value, an interval end time for minutes and hours, an end date for repeating runs, and an end
 * after its start. Each problem names its field.
 */
export const triggerPatternSchema = z
  .object({
    timezone: z.string().refine((tz) => IANAZone.isValidZone(tz), M.unknownTimezone),
    start: z.object({
      effective_startdate: date,
      scheduled_starttime: time,
      scheduled_endtime: time.nullable().default(null),
      until_datetime: z.string().refine(isDateTime, M.notDateTime).nullable().default(null),
    }),
    repeat: z.object({
      unit: z.enum(REPEAT_UNITS),
      value: z.number().int(M.positive).min(1, M.positive).nullable().default(null),
    }),
    filter: z
      .object({
        day_of_the_week: z.array(z.number().int().min(0, M.dayOfWeek).max(6, M.dayOfWeek)).max(7).default([]),
        day_of_the_month: z.array(z.number().int().min(1, M.dayOfMonth).max(31, M.dayOfMonth)).max(31).default([]),
      })
      .default({ day_of_the_week: [], day_of_the_month: [] }),
  })
  .superRefine((p, ctx) => {
    const { unit, value } = p.repeat;
    // Each names its code of the shared list (docs/architecture.md, "Errors").
    const issue = (path: (string | number)[], key: keyof typeof M) =>
      ctx.addIssue({ code: 'custom', path, message: M[key], params: { code: `trigger.${key}` } });
    if (unit === 'never') return;
    if (value === null) issue(['repeat', 'value'], 'positive');
    else if (value > REPEAT_VALUE_MAX[unit]) issue(['repeat', 'value'], 'tooLarge');
    const { scheduled_starttime: startTime, scheduled_endtime: endTime, until_datetime: until } = p.start;
    if (INTERVAL_UNITS.includes(unit)) {
      if (!endTime) issue(['start', 'scheduled_endtime'], 'needsEndTime');
      else if (isTime(startTime) && endTime < startTime) issue(['start', 'scheduled_endtime'], 'endBeforeStart');
    }
    if (!until) issue(['start', 'until_datetime'], 'needsEndDate');
    else if (isDate(p.start.effective_startdate) && isTime(startTime) && isDateTime(until)) {
      if (until < `${p.start.effective_startdate}T${startTime}`) issue(['start', 'until_datetime'], 'endBeforeStart');
    }
  });

/** What a client sends to create a trigger; `inputs` are the values for the model's inputs, by variable name. */
export const triggerInputSchema = z.object({ varName: z.string().min(1).max(200), value: z.unknown() });

const name = z.string().trim().min(1, 'Required').max(TRIGGER_NAME_MAX, `At most ${TRIGGER_NAME_MAX} characters`);
const description = z.string().trim().max(TRIGGER_DESCRIPTION_MAX, `At most ${TRIGGER_DESCRIPTION_MAX} characters`);

export const triggerBodySchema = z
  .object({
    name,
    description: description.default(''),
    modelId: id,
    projectId: id,
    inputs: z.array(triggerInputSchema).max(200).default([]),
    pattern: triggerPatternSchema,
  })
  .strict();

export const triggerUpdateSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    inputs: z.array(triggerInputSchema).max(200).optional(),
    pattern: triggerPatternSchema.optional(),
  })
  .strict();

export const triggerSchema = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  status: z.enum(TRIGGER_STATUSES),
  type: z.literal('scheduled'),
  modelId: id,
  projectId: id,
  userId: id.nullable(),
  inputs: z.array(triggerInputSchema),
  pattern: triggerPatternSchema,
  /** The next instant it fires (ISO, UTC); null when paused or when the schedule is over. */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  timeCreated: z.string(),
});
export type Trigger = z.infer<typeof triggerSchema>;
export type TriggerBody = z.input<typeof triggerBodySchema>;
export type TriggerUpdate = z.input<typeof triggerUpdateSchema>;

/** Compile-time check that the schema's output is the pattern the occurrence function reads. */
export type CheckedPattern = z.output<typeof triggerPatternSchema> extends TriggerPattern ? true : never;
