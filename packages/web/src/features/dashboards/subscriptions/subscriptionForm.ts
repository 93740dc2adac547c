import type {
  ExportFilters,
  Subscription,
  SubscriptionBody,
  SubscriptionFormat,
  SubscriptionLanguage,
  SubscriptionUpdate,
} from '@tessera/shared';
import {
  initialSchedule,
  patternOf,
  SCHEDULE_FIELD_OF,
  type ScheduleState,
  scheduleOfPattern,
  timezones,
} from '../../triggers/index.ts';

/** The Subscribe dialog's fields: who (addresses, one language for them), when, which tabs, in which form. */
export interface SubscriptionFormState extends ScheduleState {
  emails: string[];
  language: SubscriptionLanguage;
  format: SubscriptionFormat;
  /** PDF: the tabs sent (none chosen: every tab). PNG: exactly one. */
  tabs: string[];
  withFilters: boolean;
}

/** The dialog as it opens: the caller's address, every day from today in their time zone, a PDF of every tab. */
export function initialSubscription(
  ownEmail: string | undefined,
  language: string,
  now: Date = new Date(),
): SubscriptionFormState {
  // The browser's own zone when the zone list offers it (a browser on UTC has no such entry), else the default.
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zone = own && timezones().includes(own) ? own : undefined;
  return {
    ...initialSchedule(now, zone),
    unit: 'days',
    value: 1,
    emails: ownEmail ? [ownEmail] : [],
    language: language.startsWith('fr') ? 'fr' : 'en',
    format: 'pdf',
    tabs: [],
    withFilters: false,
  };
}

/** The body of POST subscriptions; the filters in force only when asked for. */
export function toSubscriptionBody(
  s: SubscriptionFormState,
  dashboardId: string,
  filters: ExportFilters | undefined,
): SubscriptionBody {
  return {
    dashboardId,
    recipients: s.emails.map((email) => ({ email: email.trim(), language: s.language })),
    pattern: patternOf(s),
    tabs: s.format === 'png' ? s.tabs.slice(0, 1) : s.tabs,
    format: s.format,
    filters: s.withFilters && filters ? filters : null,
  };
}

/** The dialog as it opens to edit a subscription: its recipients, schedule, tabs, format and whether it filters. */
export function stateOfSubscription(sub: Subscription, language: string): SubscriptionFormState {
  return {
    ...scheduleOfPattern(sub.pattern),
    emails: sub.recipients.map((r) => r.email),
    language: sub.recipients[0]?.language ?? (language.startsWith('fr') ? 'fr' : 'en'),
    format: sub.format,
    tabs: sub.tabs,
    withFilters: sub.filters !== null,
  };
}

/**
 * The body of PUT subscriptions/{id}. A recipient kept keeps their own language unless the language was changed;
 * with filters: those in force now, else the ones it was saved with.
 */
export function toSubscriptionUpdate(
  s: SubscriptionFormState,
  sub: Subscription,
  filters: ExportFilters | undefined,
): SubscriptionUpdate {
  const { recipients, pattern, tabs, format } = toSubscriptionBody(s, sub.dashboardId, filters);
  const languageKept = s.language === stateOfSubscription(sub, s.language).language;
  const before = new Map(sub.recipients.map((r) => [r.email, r.language]));
  return {
    recipients: (recipients ?? []).map((r) => ({
      email: r.email,
      language: (languageKept && before.get(r.email)) || r.language,
    })),
    pattern,
    tabs,
    format,
    filters: s.withFilters ? (filters ?? sub.filters ?? null) : null,
  };
}

/** The dialog field a server field error belongs to: the schedule's, or recipients (any of them), tabs, format. */
export function fieldOf(serverField: string): keyof SubscriptionFormState | undefined {
  if (serverField in SCHEDULE_FIELD_OF) return SCHEDULE_FIELD_OF[serverField];
  if (serverField.startsWith('recipients')) return 'emails';
  if (serverField === 'tabs' || serverField === 'format') return serverField;
  return undefined;
}
