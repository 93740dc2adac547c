import {
  areaAt,
  type ExportFilters,
  meetsRequirement,
  occurrenceFrom,
  type ProjectRoles,
  recipientAllowed,
  type ServerMessage,
  type Subscription,
  type SubscriptionFormat,
  type SubscriptionRecipient,
  type TriggerPattern,
} from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId, newSecret } from '../../platform/ids.ts';
import { dashboardSummary } from '../dashboards/index.ts';
import { type Clock, clockOf } from '../triggers/index.ts';
import { presentSubscription } from './subscriptions.presenter.ts';
import {
  deleteSubscriptionRow,
  emailOf,
  findSubscription,
  insertSubscription,
  listDashboardSubscriptions,
  organizationDomains,
  type SubscriptionRow,
  updateSubscriptionRow,
} from './subscriptions.store.ts';

/** Who asks: their id and their roles on the data app's project (the route's access rule resolved them). */
export interface Caller {
  userId: string;
  roles: ProjectRoles;
}

interface Settings {
  recipients: SubscriptionRecipient[];
  pattern: TriggerPattern;
  tabs: string[];
  format: SubscriptionFormat;
  filters: ExportFilters | null;
}

const isEditor = (caller: Caller) => meetsRequirement(caller.roles, areaAt('dashboard', 'edit'));

/**
 * Subscriptions (docs/data-apps.md "Subscriptions"): a viewer subscribes only their own address and sees and
 * manages only what they made that way; an editor manages every subscription of the data app, for addresses of
 * the organization's domains. Tabs and filters must be the data app's; the schedule starts at its next occurrence.
 */
export class SubscriptionsService {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(deps: Pick<AppContext, 'db' | 'config'>) {
    this.db = deps.db;
    this.clock = clockOf(deps.config);
  }

  async list(dashboardId: string, caller: Caller): Promise<Subscription[]> {
    const rows = await listDashboardSubscriptions(this.db, dashboardId, isEditor(caller) ? undefined : caller.userId);
    return rows.map(presentSubscription);
  }

  async create(caller: Caller, body: Settings & { dashboardId: string }): Promise<Subscription> {
    const app = await dashboardSummary(this.db, body.dashboardId);
    if (!app) throw notFound('dashboard.notFound');
    await this.check(caller, app, body);
    const row = await insertSubscription(this.db, {
      id: newId(),
      projectId: app.projectId,
      dashboardId: app.id,
      userId: caller.userId,
      recipients: body.recipients,
      pattern: body.pattern,
      tabs: app.tabIds.filter((tabId) => body.tabs.includes(tabId)),
      format: body.format,
      filters: body.filters,
      unsubscribeKey: newSecret(),
      nextRunAt: occurrenceFrom(body.pattern, this.clock()),
    });
    return presentSubscription(row);
  }

  async update(id: string, caller: Caller, change: Partial<Settings>): Promise<Subscription> {
    const current = await this.mine(id, caller);
    const app = await dashboardSummary(this.db, current.dashboardId);
    if (!app) throw notFound('subscription.notFound');
    const next: Settings = {
      recipients: change.recipients ?? current.recipients,
      pattern: change.pattern ?? current.pattern,
      tabs: change.tabs ?? current.tabs,
      format: change.format ?? current.format,
      filters: change.filters === undefined ? (current.filters ?? null) : change.filters,
    };
    if (next.format === 'png' && next.tabs.length !== 1) {
      throw badRequest('subscription.pngOneTab', { tabs: 'subscription.pngOneTab' });
    }
    await this.check(caller, app, next);
    const row = await updateSubscriptionRow(this.db, id, {
      ...next,
      tabs: app.tabIds.filter((tabId) => next.tabs.includes(tabId)),
      // A new schedule, or recipients again after everyone left, starts from the next occurrence.
      ...(change.pattern || change.recipients ? { nextRunAt: occurrenceFrom(next.pattern, this.clock()) } : {}),
    });
    if (!row) throw notFound('subscription.notFound');
    return presentSubscription(row);
  }

  async delete(id: string, caller: Caller): Promise<void> {
    await this.mine(id, caller);
    if (!(await deleteSubscriptionRow(this.db, id))) throw notFound('subscription.notFound');
  }

  /** The subscription, when the caller may manage it: an editor any, a viewer those they made (else 404). */
  private async mine(id: string, caller: Caller): Promise<SubscriptionRow> {
    const row = await findSubscription(this.db, id);
    if (!row || (!isEditor(caller) && row.userId !== caller.userId)) throw notFound('subscription.notFound');
    return row;
  }

  /** Recipients (self for a viewer, the organization's domains for an editor), tabs and filters of the data app. */
  private async check(caller: Caller, app: { projectId: string; tabIds: string[] }, s: Settings): Promise<void> {
    if (isEditor(caller)) {
      const domains = await organizationDomains(this.db, app.projectId);
      const fields: Record<string, ServerMessage> = {};
      for (const [i, r] of s.recipients.entries()) {
        if (!recipientAllowed(r.email, domains)) fields[`recipients.${i}.email`] = 'subscription.domainNotAllowed';
      }
      if (Object.keys(fields).length) throw badRequest('subscription.domainNotAllowed', fields);
    } else {
      const own = await emailOf(this.db, caller.userId);
      if (s.recipients.length !== 1 || s.recipients[0]?.email !== own) {
        throw badRequest('subscription.onlySelf', { recipients: 'subscription.onlySelf' });
      }
    }
    const tabIds = [...s.tabs, ...Object.keys(s.filters?.tabs ?? {})];
    if (tabIds.some((tabId) => !app.tabIds.includes(tabId))) {
      throw badRequest('export.unknownTab', { tabs: 'export.unknownTab' });
    }
  }
}
