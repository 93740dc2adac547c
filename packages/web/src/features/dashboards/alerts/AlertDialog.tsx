import { Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ALERT_CONDITIONS,
  ALERT_NAME_MAX,
  type Alert,
  type AlertCondition,
  alertableValues,
  type Unit,
  type UnitData,
} from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertConditionText, useAlertMutations } from '../../../api/alerts.ts';
import { FormActions } from '../../../ui/FormActions.tsx';
import { formErrors, useServerText } from '../../../ui/serverText.ts';
import { kpiLabel } from '../../cards/index.ts';

type Props = {
  projectId: string;
  onClose: () => void;
} & (
  | {
      unit: Unit;
      /** The card's data as shown: it names the values whose series has no label ("amount (sum)"). */
      data: UnitData | undefined;
      alert?: undefined;
    }
  | {
      /** Edit this alert: its condition, threshold and name (its value stays: PUT alerts/{id}). */
      alert: Alert;
      unit?: undefined;
      data?: undefined;
    }
);

const FIELDS = ['name', 'valueId', 'condition', 'value'] as const;

/**
 * "Set alert…" of a KPI or chart card's menu (docs/data-apps.md "Alerts"): which value (a KPI value, or a chart
 * series' total), the condition (above, below, a change of more than N %), the threshold, and a name. Given an
 * alert (Edit in the Alerts panel), the same form opens filled in, without the value, and saves with PUT.
 */
export function AlertDialog({ projectId, unit, data, alert, onClose }: Props) {
  const { t, i18n } = useTranslation('dashboards');
  const serverText = useServerText();
  const { create, update } = useAlertMutations(projectId);
  const saving = alert ? update : create;
  const values = (unit ? alertableValues(unit.type, unit.vis) : []).map((v) => {
    const series = { id: v.id, label: v.label, operation: v.operation, feature: { _id: v.featureId } };
    const name = (data && kpiLabel(series, data, t)) || v.label || v.id;
    return { value: v.id, label: unit?.type === 'chart' ? t('alerts.seriesTotal', { name }) : name };
  });
  const [valueId, setValueId] = useState<string | null>(alert?.valueId ?? values[0]?.value ?? null);
  const [condition, setCondition] = useState<AlertCondition>(alert?.condition ?? 'above');
  const [threshold, setThreshold] = useState<number | string>(alert?.value ?? '');
  const [name, setName] = useState(alert?.name ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const cardName = unit?.name || t('card.untitled');
  const suggestedName =
    typeof threshold === 'number'
      ? t('alerts.defaultName', { card: cardName, condition: alertConditionText(t, condition, threshold, locale) })
      : cardName;

  const submit = async () => {
    if (!valueId) return;
    setErrors({});
    const value = typeof threshold === 'number' ? threshold : Number.NaN;
    try {
      if (alert) {
        await update.mutateAsync({ id: alert._id, body: { name: name.trim() || alert.name, condition, value } });
        notifications.show({ color: 'green', message: t('alerts.updated') });
        onClose();
        return;
      }
      if (!unit) return;
      await create.mutateAsync({
        name: (name.trim() || suggestedName).slice(0, ALERT_NAME_MAX),
        unitId: unit._id,
        tabId: unit.tabId,
        valueId,
        condition,
        value,
      });
      notifications.show({ color: 'green', message: t('alerts.created') });
      onClose();
    } catch (error) {
      setErrors(formErrors(error, FIELDS, 'form', serverText, t('common.failed')));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !saving.isPending && onClose()}
      title={alert ? t('alerts.editTitle') : t('alerts.dialogTitle')}
      centered
    >
      {!alert && values.length === 0 ? (
        <Text size="sm">{t('alerts.noValues')}</Text>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            {!alert && (
              <Select
                label={t('alerts.value')}
                data={values}
                value={valueId}
                onChange={setValueId}
                allowDeselect={false}
                error={errors.valueId}
              />
            )}
            <Select
              label={t('alerts.condition')}
              data={ALERT_CONDITIONS.map((c) => ({ value: c, label: t(`alerts.conditions.${c}`) }))}
              value={condition}
              onChange={(c) => c && setCondition(c as AlertCondition)}
              allowDeselect={false}
              error={errors.condition}
            />
            <NumberInput
              label={condition === 'change' ? t('alerts.percent') : t('alerts.threshold')}
              rightSection={condition === 'change' ? <Text size="sm">%</Text> : undefined}
              value={threshold}
              onChange={setThreshold}
              withAsterisk
              decimalSeparator={locale.startsWith('fr') ? ',' : '.'}
              error={errors.value}
              data-autofocus
            />
            <TextInput
              label={t('alerts.name')}
              placeholder={suggestedName}
              value={name}
              maxLength={ALERT_NAME_MAX}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
            />
            <FormActions
              error={errors.form}
              cancelLabel={t('alerts.cancel')}
              onCancel={onClose}
              cancelDisabled={saving.isPending}
              submitLabel={alert ? t('alerts.saveChanges') : t('alerts.save')}
              busy={saving.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
