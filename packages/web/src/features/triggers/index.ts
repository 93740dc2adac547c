/** Model triggers: scheduled runs, their rows, badge and schedule form (also used by data app subscriptions). */

export { ModelTriggerRows } from './ModelTriggerRows.tsx';
export { ScheduledBadge } from './ScheduledBadge.tsx';
export { ScheduledRuns } from './ScheduledRuns.tsx';
export { ScheduleFields } from './ScheduleFields.tsx';
export {
  initialSchedule,
  patternOf,
  SCHEDULE_FIELD_OF,
  type ScheduleState,
  scheduleOfPattern,
  timezones,
} from './triggerForm.ts';
