import {
  type Alert,
  type AlertBody,
  type AlertFiring,
  type AlertUpdate,
  alertableValues,
  isAlertableType,
} from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import { savedCardOf } from '../dashboards/index.ts';
import type { AlertChecker } from './alerts.check.ts';
import { presentAlert, presentFiring } from './alerts.presenter.ts';
import {
  type AlertRow,
  deleteAlertRow,
  findAlert,
  insertAlert,
  listFirings,
  listUserAlerts,
  updateAlertRow,
} from './alerts.store.ts';

/**
 * Alerts (docs/data-apps.md "Alerts"): a member who may view the project's dashboards sets alerts for
 * themselves on a KPI value or a chart's dependent series; they alone see, change and delete them (another
 * member's alert answers 404, as another tenant's does). Setting one, or changing its condition or threshold,
 * checks it at once.
 */
export class AlertsService {
  private readonly db: Db;
  constructor(
    deps: { db: Db },
    private readonly checker: AlertChecker,
  ) {
    this.db = deps.db;
  }

  async list(projectId: string, userId: string): Promise<Alert[]> {
    return (await listUserAlerts(this.db, projectId, userId)).map(presentAlert);
  }

  async create(userId: string, body: AlertBody, language: MailLanguage): Promise<Alert> {
    const card = await savedCardOf(this.db, body.unitId);
    if (!card) throw notFound('card.notFound');
    if (card.tabId !== body.tabId) throw badRequest('card.notOnTab', { tabId: 'card.notOnTab' });
    if (!isAlertableType(card.type)) throw badRequest('alert.notAlertable', { unitId: 'alert.notAlertable' });
    if (!alertableValues(card.type, card.vis).some((v) => v.id === body.valueId)) {
      throw badRequest('alert.unknownValue', { valueId: 'alert.unknownValue' });
    }
    const row = await insertAlert(this.db, {
      id: newId(),
      projectId: card.projectId,
      dashboardId: card.dashboardId,
      unitId: card.id,
      tabId: card.tabId,
      userId,
      name: body.name,
      valueId: body.valueId,
      condition: body.condition,
      threshold: body.value,
      language,
    });
    return this.checked(row.id);
  }

  async update(id: string, userId: string, change: AlertUpdate, language: MailLanguage): Promise<Alert> {
    const current = await this.own(id, userId);
    const condition = change.condition ?? current.condition;
    const threshold = change.value ?? current.threshold;
    // The whole rule holds after the change: a percent change is greater than 0 whichever field changed.
    if (condition === 'change' && threshold <= 0) {
      throw badRequest('alert.negativePercent', { value: 'alert.negativePercent' });
    }
    const row = await updateAlertRow(this.db, id, {
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.condition !== undefined ? { condition: change.condition } : {}),
      ...(change.value !== undefined ? { threshold: change.value } : {}),
      language,
    });
    if (!row) throw notFound('alert.notFound');
    const restarted = change.condition !== undefined || change.value !== undefined;
    return restarted ? this.checked(id) : presentAlert(row);
  }

  async delete(id: string, userId: string): Promise<void> {
    await this.own(id, userId);
    if (!(await deleteAlertRow(this.db, id))) throw notFound('alert.notFound');
  }

  async firings(id: string, userId: string): Promise<AlertFiring[]> {
    await this.own(id, userId);
    return (await listFirings(this.db, id)).map(presentFiring);
  }

  /** The caller's own alert; another member's is not found. */
  private async own(id: string, userId: string): Promise<AlertRow> {
    const row = await findAlert(this.db, id);
    if (!row || row.userId !== userId) throw notFound('alert.notFound');
    return row;
  }

  /** The alert after a check (a card that cannot be computed now leaves it unchecked; the schedule tries again). */
  private async checked(id: string): Promise<Alert> {
    await this.checker.check(id);
    const row = await findAlert(this.db, id);
    if (!row) throw notFound('alert.notFound');
    return presentAlert(row);
  }
}
