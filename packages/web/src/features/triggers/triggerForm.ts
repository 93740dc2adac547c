import {
  defaultEndDate,
  defaultPattern,
  derivedFilter,
  INTERVAL_UNITS,
  type Model,
  type RepeatUnit,
  TRIGGER_DEFAULTS,
  type Trigger,
  type TriggerBody,
  type TriggerPattern,
  type TriggerUpdate,
  todayIn,
  untilOf,
} from '@tessera/shared';

/** A schedule's fields (ScheduleFields): times as HH:mm in the inputs, stored as HH:mm:ss. */
export interface ScheduleState {
  timezone: string;
  startDate: string;
  startTime: string;
  endTime: string;
  unit: RepeatUnit;
  value: number | '';
  endDate: string;
}

/** The trigger form's fields: its name, description and inputs, and its schedule. */
export interface TriggerFormState extends ScheduleState {
  name: string;
  description: string;
  values: Record<string, string>;
}

const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
const hhmm = (time: string) => time.slice(0, 5);

/** A schedule as it opens: once, today in the default time zone (or `timezone`). */
export function initialSchedule(now: Date = new Date(), timezone: string = TRIGGER_DEFAULTS.timezone): ScheduleState {
  const today = todayIn(timezone, now) ?? now.toISOString().slice(0, 10);
  const p = defaultPattern(today);
  return {
    timezone,
    startDate: today,
    startTime: hhmm(p.start.scheduled_starttime),
    endTime: hhmm(TRIGGER_DEFAULTS.endTime),
    unit: 'never',
    value: 1,
    endDate: (p.start.until_datetime ?? '').slice(0, 10),
  };
}

/** The form as it opens: the model's inputs, and today in the default time zone. */
export function initialState(model: Model, now: Date = new Date()): TriggerFormState {
  return {
    name: '',
    description: '',
    values: Object.fromEntries(model.inputs.map((i) => [i.varName, asText(i.value ?? i.defaultValue)])),
    ...initialSchedule(now),
  };
}

/** A saved pattern in the schedule's fields. */
export function scheduleOfPattern(pattern: TriggerPattern): ScheduleState {
  const { start, repeat, timezone } = pattern;
  return {
    timezone,
    startDate: start.effective_startdate,
    startTime: hhmm(start.scheduled_starttime),
    endTime: hhmm(start.scheduled_endtime ?? TRIGGER_DEFAULTS.endTime),
    unit: repeat.unit,
    value: repeat.value ?? 1,
    endDate: (start.until_datetime ?? defaultEndDate(start.effective_startdate)).slice(0, 10),
  };
}

/** The form as it opens to edit a scheduled run: its own name, inputs and pattern (spec words: Edit Scheduled Run). */
export function stateOfTrigger(trigger: Trigger, model: Model): TriggerFormState {
  const values = Object.fromEntries(model.inputs.map((i) => [i.varName, '']));
  for (const input of trigger.inputs) values[input.varName] = asText(input.value);
  return { name: trigger.name, description: trigger.description, values, ...scheduleOfPattern(trigger.pattern) };
}

/** The body of PUT triggers/{id}: what the form changes (the model and project stay). */
export function toUpdateBody(s: TriggerFormState, model: Model): TriggerUpdate {
  const { name, description, inputs, pattern } = toBody(s, model);
  return { name, description, inputs, pattern };
}

/**
 * Another time zone: a start date still at today of the former zone becomes today of the new one, and an end
 * date still a year after it follows (dates the person chose stay as they are).
 */
export function withTimezone<S extends ScheduleState>(s: S, timezone: string, now: Date = new Date()): S {
  const today = todayIn(timezone, now);
  if (!today || s.startDate !== todayIn(s.timezone, now)) return { ...s, timezone };
  const endDate = s.endDate === defaultEndDate(s.startDate) ? defaultEndDate(today) : s.endDate;
  return { ...s, timezone, startDate: today, endDate };
}

export const isInterval = (unit: RepeatUnit) => INTERVAL_UNITS.includes(unit);

/** The body of POST triggers: the end date only when the run repeats, the interval end only for minutes and hours. */
export function toBody(s: TriggerFormState, model: Model): TriggerBody {
  return {
    name: s.name.trim(),
    description: s.description.trim(),
    modelId: model._id,
    projectId: model.projectId,
    inputs: model.inputs
      .filter((i) => (s.values[i.varName] ?? '') !== '')
      .map((i) => ({ varName: i.varName, value: s.values[i.varName] })),
    pattern: patternOf(s),
  };
}

/** The pattern the schedule's fields make: the end date only when it repeats, the interval end only for minutes and hours. */
export function patternOf(s: ScheduleState): TriggerPattern {
  const repeats = s.unit !== 'never';
  return {
    timezone: s.timezone,
    start: {
      effective_startdate: s.startDate,
      scheduled_starttime: s.startTime ? `${hhmm(s.startTime)}:00` : '',
      scheduled_endtime: isInterval(s.unit) && s.endTime ? `${hhmm(s.endTime)}:00` : null,
      until_datetime: repeats && s.endDate ? untilOf(s.endDate) : null,
    },
    repeat: { unit: s.unit, value: repeats ? (s.value === '' ? null : s.value) : null },
    filter: derivedFilter(s.unit, s.startDate),
  };
}

/** The schedule field a server field error belongs to (its path under the body's `pattern`). */
export const SCHEDULE_FIELD_OF: Record<string, keyof ScheduleState> = {
  'pattern.timezone': 'timezone',
  'pattern.start.effective_startdate': 'startDate',
  'pattern.start.scheduled_starttime': 'startTime',
  'pattern.start.scheduled_endtime': 'endTime',
  'pattern.start.until_datetime': 'endDate',
  'pattern.repeat.value': 'value',
  'pattern.repeat.unit': 'unit',
};

/** The form field a server field error belongs to. */
export const FIELD_OF: Record<string, keyof TriggerFormState> = {
  name: 'name',
  description: 'description',
  ...SCHEDULE_FIELD_OF,
};

/** The time zones offered: the default first, then every zone the browser knows. */
export function timezones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [TRIGGER_DEFAULTS.timezone, ...known.filter((z) => z !== TRIGGER_DEFAULTS.timezone)];
}
