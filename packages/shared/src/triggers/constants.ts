/** Scheduled model runs: states, repeat units, defaults and messages. */

export const TRIGGER_STATUSES = ['active', 'inactive'] as const;
export type TriggerStatus = (typeof TRIGGER_STATUSES)[number];

export const REPEAT_UNITS = ['never', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
/** Units that repeat inside a daily window (start time to interval end time). */
export const INTERVAL_UNITS: readonly RepeatUnit[] = ['minutes', 'hours'];

/** The largest repeat value per unit: about a day of minutes or hours, a year of days, weeks or months. */
export const REPEAT_VALUE_MAX: Record<Exclude<RepeatUnit, 'never'>, number> = {
  minutes: 1440,
  hours: 24,
  days: 366,
  weeks: 52,
  months: 12,
};

/** defaults. */
export const TRIGGER_DEFAULTS = {
  timezone: 'Canada/Mountain',
  startTime: '00:00:00',
  endTime: '23:59:00',
  /** The end date is this many years after the start date. */
  endAfterYears: 1,
  /** The end datetime is at the end of its day. */
  endOfDay: '23:59:59',
} as const;

export const TRIGGER_NAME_MAX = 200;
export const TRIGGER_DESCRIPTION_MAX = 5000;

/** Words of the screens; the web translates them. */
export const TRIGGER_TEXTS = {
  hint: 'Model runs can be scheduled up to a year in advance',
  confirmDelete: 'Remove this scheduled run?',
} as const;

/** What the server answers with (each has a code in SERVER_ERRORS: `trigger.<key>`). */
export const TRIGGER_MESSAGES = {
  notFound: 'Scheduled run not found',
  scopeRequired: 'Give either projectId or modelId',
  unknownTimezone: 'Not a known time zone',
  notDate: 'Must be a date (YYYY-MM-DD)',
  notTime: 'Must be a time (HH:mm:ss)',
  notDateTime: 'Must be a date and time (YYYY-MM-DDTHH:mm:ss)',
  endBeforeStart: 'The end must be after the start',
  positive: 'Must be a whole number greater than 0',
  tooLarge: 'Too large for this unit',
  needsEndTime: 'An interval end time is required',
  needsEndDate: 'An end date is required',
  dayOfWeek: 'Days of the week are 0 (Sunday) to 6 (Saturday)',
  dayOfMonth: 'Days of the month are 1 to 31',
  modelMismatch: 'The model is not in this project',
} as const;
