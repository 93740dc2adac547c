import { notifications } from '@mantine/notifications';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlertBody,
  type AlertCondition,
  type AlertFiredEvent,
  type AlertUpdate,
  api,
  formatNumber,
} from '@tessera/shared';
import type { TFunction } from 'i18next';
import i18n from '../i18n/index.ts';
import { call } from './client.ts';
import { projectKeys } from './projects.ts';

/** Threshold alerts on cards (docs/data-apps.md "Alerts"): the caller's own in a project, and their firings. */

export const alertKeys = {
  all: (projectId: string) => [...projectKeys.scope(projectId), 'alerts'] as const,
  firings: (projectId: string, alertId: string) => [...projectKeys.scope(projectId), 'alerts', alertId] as const,
};

export const useProjectAlerts = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: alertKeys.all(projectId),
    queryFn: () => call(api.listAlerts, { query: { projectId } }),
    enabled,
  });

export const useAlertFirings = (projectId: string, alertId: string, enabled = true) =>
  useQuery({
    queryKey: alertKeys.firings(projectId, alertId),
    queryFn: () => call(api.listAlertFirings, { params: { id: alertId } }),
    enabled,
  });

export function useAlertMutations(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: alertKeys.all(projectId) });
  return {
    create: useMutation({ mutationFn: (body: AlertBody) => call(api.createAlert, { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AlertUpdate }) => call(api.updateAlert, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(api.deleteAlert, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

/** "above 100", "below 0", "changes by more than 10 %", in the reader's language. */
export function alertConditionText(t: TFunction, condition: AlertCondition, threshold: number, locale: string) {
  return t(`dashboards:alerts.conditionText.${condition}`, { value: formatNumber(threshold, locale) });
}

/** A firing on the live channel (sent to its recipient only): a notice, and the alerts list refetches. */
export function applyAlertEvent(payload: AlertFiredEvent, client: QueryClient, projectId: string, t: TFunction) {
  void client.invalidateQueries({ queryKey: alertKeys.all(projectId) });
  const locale = i18n.resolvedLanguage ?? i18n.language;
  notifications.show({
    color: 'orange',
    title: t('dashboards:alerts.firedTitle', { name: payload.name }),
    message: t('dashboards:alerts.firedMessage', {
      value: formatNumber(payload.value, locale),
      condition: alertConditionText(t, payload.condition, payload.threshold, locale),
    }),
    autoClose: 10_000,
  });
}
