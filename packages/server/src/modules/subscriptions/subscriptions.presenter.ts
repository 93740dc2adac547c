import type { Subscription } from '@tessera/shared';
import type { SubscriptionRow } from './subscriptions.store.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentSubscription(row: SubscriptionRow): Subscription {
  return {
    _id: row.id,
    dashboardId: row.dashboardId,
    projectId: row.projectId,
    userId: row.userId,
    recipients: row.recipients,
    pattern: row.pattern,
    tabs: row.tabs,
    format: row.format,
    filters: row.filters ?? null,
    nextRunAt: iso(row.nextRunAt),
    lastSentAt: iso(row.lastSentAt),
    lastError: row.lastError,
    timeCreated: row.timeCreated.toISOString(),
  };
}
