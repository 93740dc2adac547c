import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Model, Trigger } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useDatasets } from '../../api/datasets.ts';
import { useTriggerMutations } from '../../api/triggers.ts';
import { ScheduleFields } from './ScheduleFields.tsx';
import { FIELD_OF, initialState, stateOfTrigger, type TriggerFormState, toBody, toUpdateBody } from './triggerForm.ts';

/**
 * The scheduled-run form (docs/scheduling.md): Add a scheduled run of a model, or edit one (`trigger`): the
 * same fields, opened on its values, saved with PUT triggers/{id}. A dataset input is picked by its name.
 */
export function TriggerFormModal({
  model,
  trigger,
  opened,
  onClose,
}: {
  model: Model;
  trigger?: Trigger;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('triggers');
  const mutations = useTriggerMutations(model.projectId);
  const create = trigger ? mutations.update : mutations.create;
  const opening = () => (trigger ? stateOfTrigger(trigger, model) : initialState(model));
  const [s, setState] = useState<TriggerFormState>(opening);
  const datasets = useDatasets(model.projectId).data ?? [];
  const set = (change: Partial<TriggerFormState>) => setState((prev) => ({ ...prev, ...change }));
  const serverFields = create.error instanceof ApiError ? create.error.fields : {};
  const errors: Partial<Record<keyof TriggerFormState | string, string>> = {};
  for (const [field, message] of Object.entries(serverFields)) errors[FIELD_OF[field] ?? field] ??= message;
  const required = t('required');
  if (!s.name.trim() && create.isError) errors.name ??= required;

  const close = () => {
    create.reset();
    setState(opening());
    onClose();
  };
  const submit = () => {
    if (trigger) mutations.update.mutate({ id: trigger._id, body: toUpdateBody(s, model) }, { onSuccess: close });
    else mutations.create.mutate(toBody(s, model), { onSuccess: close });
  };

  return (
    <Modal opened={opened} onClose={close} title={t(trigger ? 'edit' : 'add')} size="lg">
      <Stack gap="sm">
        <TextInput
          label={t('name')}
          required
          value={s.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
        />
        <Textarea
          label={t('description')}
          value={s.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        {model.inputs.length > 0 && <Text fw={500}>{t('inputs')}</Text>}
        {model.inputs.map((input) =>
          input.dataType === 'dataframe' ? (
            <Select
              key={input._id}
              label={input.name}
              description={t('models:types.dataframe')}
              data={datasets.map((d) => ({ value: d._id, label: d.name }))}
              value={s.values[input.varName] || null}
              onChange={(v) => set({ values: { ...s.values, [input.varName]: v ?? '' } })}
              nothingFoundMessage={t('models:inputs.noDatasets')}
              searchable
              error={serverFields[`inputs.${input.varName}`]}
            />
          ) : (
            <TextInput
              key={input._id}
              label={input.name}
              description={input.dataType ? t(`models:types.${input.dataType}`) : undefined}
              value={s.values[input.varName] ?? ''}
              onChange={(e) => set({ values: { ...s.values, [input.varName]: e.currentTarget.value } })}
              error={serverFields[`inputs.${input.varName}`]}
            />
          ),
        )}
        <ScheduleFields value={s} onChange={setState} errors={errors} />
        {create.error && !Object.keys(serverFields).length && <Text c="red">{create.error.message}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
