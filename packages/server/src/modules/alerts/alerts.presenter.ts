import type { Alert, AlertFiring } from '@tessera/shared';
import type { AlertFiringRow, AlertRow } from './alerts.store.ts';

export function presentAlert(row: AlertRow): Alert {
  return {
    _id: row.id,
    name: row.name,
    projectId: row.projectId,
    dashboardId: row.dashboardId,
    unitId: row.unitId,
    tabId: row.tabId,
    valueId: row.valueId,
    condition: row.condition,
    value: row.threshold,
    active: row.active,
    lastValue: row.lastValue,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    user: { id: row.userId },
    timeCreated: row.timeCreated.toISOString(),
  };
}

export function presentFiring(row: AlertFiringRow): AlertFiring {
  return {
    _id: row.id,
    alertId: row.alertId,
    value: row.value,
    previousValue: row.previousValue,
    firedAt: row.firedAt.toISOString(),
  };
}
