import { alertHolds, alertValueOf } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import { effectiveProjectRoles } from '../../platform/projectAccess.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { type Card, cardsOfDataset, savedCardOf, type UnitDataService } from '../dashboards/index.ts';
import { firingMail } from './alerts.mail.ts';
import {
  type AlertFiringRow,
  type AlertRow,
  alertIdsOfUnits,
  allAlertIds,
  findAlert,
  findRecipient,
  insertFiring,
  lockAlert,
  recordCheck,
} from './alerts.store.ts';

/** A check's outcome: the firing when the condition turned true, else why not (for tests and logs). */
export type CheckOutcome = 'fired' | 'unchanged' | 'gone' | 'no-access';

/** What the checker uses: the cards' values come from the dashboards' card service. */
export interface AlertCheckerDeps {
  db: Db;
  mailer: Mailer;
  /** The web app's address, for the link in the mail. */
  publicUrl: string;
  cards: Pick<UnitDataService, 'compute'>;
  realtime: RealtimeGateway;
  log: FastifyBaseLogger;
}

/**
 * Checks alerts (docs/data-apps.md "Alerts"): the watched value computed as the card shows it (its dashboard's and
 * tab's saved filters, the card service of the dashboards module), then, under the alert's row lock, compared
 * with the state the last check left. A firing is written only when the condition turns from false to true, so
 * two workers checking one alert at once fire once (the second sees the first's state). A value that cannot be
 * computed (a card error, no rows) changes nothing but the time of the check. The recipient (the alert's
 * creator) is told by mail, in the language they set it in, and on their sockets in the project.
 */
export class AlertChecker {
  constructor(private readonly deps: AlertCheckerDeps) {}

  /** The value the card shows now for the alert, or null; undefined when the card is gone. */
  async valueOf(
    alert: Pick<AlertRow, 'unitId' | 'valueId'>,
  ): Promise<{ card: Card; value: number | null } | undefined> {
    const card = await savedCardOf(this.deps.db, alert.unitId);
    if (!card) return undefined;
    const { answer } = await this.deps.cards.compute(card, {});
    const value = answer.error ? null : alertValueOf(card.type, answer.data, alert.valueId);
    return { card, value };
  }

  async check(alertId: string): Promise<CheckOutcome> {
    const { db } = this.deps;
    const alert = await findAlert(db, alertId);
    if (!alert) return 'gone';
    const recipient = await findRecipient(db, alert.userId);
    const project = recipient?.active ? await effectiveProjectRoles(db, recipient, alert.projectId) : undefined;
    // Someone who may no longer see the project's dashboards hears nothing of their data.
    if (!project || project.roles.dashboard === 'hidden') return 'no-access';
    const computed = await this.valueOf(alert);
    if (!computed || computed.card.projectId !== alert.projectId) return 'gone';
    const { value, card } = computed;
    const fired = await db.transaction(async (tx) => {
      const locked = await lockAlert(tx, alertId);
      if (!locked) return undefined;
      const now = new Date();
      if (value === null) {
        await recordCheck(tx, alertId, { active: locked.active, lastValue: locked.lastValue, lastCheckedAt: now });
        return undefined;
      }
      const holds = alertHolds(locked.condition, locked.threshold, value, locked.lastValue);
      const fires = holds && !locked.active;
      await recordCheck(tx, alertId, {
        active: holds,
        lastValue: value,
        lastCheckedAt: now,
        ...(fires ? { lastFiredAt: now } : {}),
      });
      if (!fires) return undefined;
      const firing = await insertFiring(tx, {
        id: newId(),
        alertId,
        value,
        previousValue: locked.lastValue,
        firedAt: now,
      });
      return { alert: locked, firing };
    });
    if (!fired || !recipient) return 'unchanged';
    await this.tell(fired.alert, fired.firing, card, recipient);
    return 'fired';
  }

  /** Checks the alerts on the cards that draw on a dataset (after its data changed). */
  async checkDataset(datasetId: string): Promise<void> {
    for (const id of await alertIdsOfDataset(this.deps.db, datasetId)) await this.checkLogged(id);
  }

  /** The scheduled pass: every alert. */
  async checkAll(signal?: AbortSignal): Promise<void> {
    for (const id of await allAlertIds(this.deps.db)) {
      if (signal?.aborted) return;
      await this.checkLogged(id);
    }
  }

  /** One alert's failure (a card the engine cannot compute) does not keep the others from their check. */
  private async checkLogged(id: string): Promise<void> {
    try {
      await this.check(id);
    } catch (err) {
      this.deps.log.warn({ err, alertId: id }, 'an alert check failed');
    }
  }

  private async tell(
    alert: AlertRow,
    firing: AlertFiringRow,
    card: Card,
    recipient: { id: string; email: string; first: string },
  ): Promise<void> {
    this.deps.realtime.emit(
      alert.projectId,
      'alert:fired',
      {
        _id: alert.id,
        name: alert.name,
        dashboardId: card.dashboardId,
        unitId: alert.unitId,
        userId: recipient.id,
        condition: alert.condition,
        threshold: alert.threshold,
        value: firing.value,
      },
      { user: recipient.id },
    );
    const { publicUrl } = this.deps;
    const link = `${publicUrl}/projects/${alert.projectId}/dashboards/${card.dashboardId}/tabs/${card.tabId}`;
    try {
      await this.deps.mailer.send(
        firingMail({
          to: recipient.email,
          first: recipient.first,
          language: alert.language as MailLanguage,
          alertName: alert.name,
          cardName: card.name,
          condition: alert.condition,
          threshold: alert.threshold,
          value: firing.value,
          previousValue: firing.previousValue,
          link,
        }),
      );
    } catch (err) {
      // The firing stands (it is in the history and the notice went out); the mail is not sent twice.
      this.deps.log.warn({ err, alertId: alert.id }, 'the mail of an alert could not be sent');
    }
  }
}

/** The alerts on the cards that draw on a dataset. */
export async function alertIdsOfDataset(db: Db, datasetId: string): Promise<string[]> {
  return alertIdsOfUnits(
    db,
    (await cardsOfDataset(db, datasetId)).map((c) => c.id),
  );
}
