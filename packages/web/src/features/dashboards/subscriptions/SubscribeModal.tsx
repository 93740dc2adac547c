import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { SUBSCRIPTION_LANGUAGES, type Subscription, type Tab } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { orderedView, useDashboard } from '../../../api/dashboards.ts';
import { useProjectMembers } from '../../../api/permissions.ts';
import { useMe } from '../../../api/session.ts';
import { useSubscriptionMutations } from '../../../api/subscriptions.ts';
import { ScheduleFields } from '../../triggers/index.ts';
import { ownFilters } from '../export/useExport.ts';
import { SubscriptionList } from './SubscriptionList.tsx';
import {
  fieldOf,
  initialSubscription,
  type SubscriptionFormState,
  stateOfSubscription,
  toSubscriptionBody,
  toSubscriptionUpdate,
} from './subscriptionForm.ts';

interface Props {
  projectId: string;
  dashboard: { _id: string; name: string };
  canEdit: boolean;
  opened: boolean;
  onClose: () => void;
}

/**
 * Subscribe… (docs/data-apps.md "Subscriptions"): a viewer subscribes themselves, an editor members or addresses of
 * the organization's domains; the schedule (the scheduled runs' fields), the tabs, PDF attached or PNG in the mail,
 * the filters in force if asked; below, the data app's subscriptions (one's own for a viewer) with Edit (the same
 * form, filled in, saved with PUT) and Delete.
 */
export function SubscribeModal({ projectId, dashboard, canEdit, opened, onClose }: Props) {
  const { t, i18n } = useTranslation('dashboards');
  const view = useDashboard(projectId, dashboard._id).data;
  const tabs: Tab[] = view ? orderedView(view).tabs : [];
  const me = useMe().data;
  const members = useProjectMembers(projectId, canEdit && opened).data ?? [];
  const { create, update } = useSubscriptionMutations(projectId, dashboard._id);
  const [editing, setEditing] = useState<Subscription | null>(null);
  const saving = editing ? update : create;
  const opening = () => initialSubscription(me?.email, i18n.resolvedLanguage ?? i18n.language);
  const [s, setState] = useState<SubscriptionFormState>(opening);
  const set = (change: Partial<SubscriptionFormState>) => setState((prev) => ({ ...prev, ...change }));
  const filters = ownFilters(
    dashboard._id,
    tabs.map((tab) => tab._id),
  );
  const errors: Partial<Record<keyof SubscriptionFormState, string>> = {};
  const serverFields = saving.error instanceof ApiError ? saving.error.fields : {};
  for (const [field, message] of Object.entries(serverFields)) {
    const own = fieldOf(field);
    if (own) errors[own] ??= message;
  }
  const emails = canEdit ? s.emails : me ? [me.email] : [];
  const tabOptions = tabs.map((tab) => ({ value: tab._id, label: tab.name }));

  const startOver = () => {
    create.reset();
    update.reset();
    setEditing(null);
    setState(opening());
  };
  const close = () => {
    startOver();
    onClose();
  };
  const edit = (subscription: Subscription) => {
    startOver();
    setEditing(subscription);
    setState(stateOfSubscription(subscription, i18n.resolvedLanguage ?? i18n.language));
  };
  const submit = () =>
    editing
      ? update.mutate(
          { id: editing._id, body: toSubscriptionUpdate({ ...s, emails }, editing, filters) },
          { onSuccess: startOver },
        )
      : create.mutate(toSubscriptionBody({ ...s, emails }, dashboard._id, filters), { onSuccess: startOver });

  return (
    <Modal opened={opened} onClose={close} title={t('subscriptions.title', { name: dashboard.name })} size="lg">
      <Stack gap="sm">
        {editing && (
          <Text size="sm" fw={500}>
            {t('subscriptions.editing', { recipients: editing.recipients.map((r) => r.email).join(', ') })}
          </Text>
        )}
        {canEdit ? (
          <TagsInput
            label={t('subscriptions.recipients')}
            description={t('subscriptions.recipientsHint')}
            data={members.map((m) => m.user.email)}
            value={s.emails}
            onChange={(value) => set({ emails: value })}
            error={errors.emails}
            clearable
            acceptValueOnBlur
          />
        ) : (
          <Text size="sm">{t('subscriptions.toYou', { email: me?.email ?? '' })}</Text>
        )}
        {!canEdit && errors.emails && (
          <Text c="red" size="sm">
            {errors.emails}
          </Text>
        )}
        <Select
          label={t('subscriptions.language')}
          data={SUBSCRIPTION_LANGUAGES.map((l) => ({ value: l, label: t(`subscriptions.languages.${l}`) }))}
          value={s.language}
          onChange={(v) => v && set({ language: v as SubscriptionFormState['language'] })}
          allowDeselect={false}
        />
        <ScheduleFields value={s} onChange={setState} errors={errors} hint={false} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('subscriptions.format')}
          </Text>
          <SegmentedControl
            data={[
              { value: 'pdf', label: t('subscriptions.pdf') },
              { value: 'png', label: t('subscriptions.png') },
            ]}
            value={s.format}
            onChange={(v) => set({ format: v as SubscriptionFormState['format'] })}
          />
        </Stack>
        {s.format === 'pdf' ? (
          <MultiSelect
            label={t('subscriptions.tabs')}
            placeholder={s.tabs.length ? undefined : t('subscriptions.allTabs')}
            data={tabOptions}
            value={s.tabs}
            onChange={(value) => set({ tabs: value })}
            error={errors.tabs}
            clearable
          />
        ) : (
          <Select
            label={t('subscriptions.tab')}
            required
            data={tabOptions}
            value={s.tabs[0] ?? null}
            onChange={(v) => set({ tabs: v ? [v] : [] })}
            error={errors.tabs}
          />
        )}
        {(filters || editing?.filters) && (
          <Checkbox
            label={t('subscriptions.withFilters')}
            checked={s.withFilters}
            onChange={(e) => set({ withFilters: e.currentTarget.checked })}
          />
        )}
        {saving.error && !Object.keys(serverFields).length && <Text c="red">{saving.error.message}</Text>}
        <Group justify="flex-end">
          {editing ? (
            <Button variant="default" onClick={startOver}>
              {t('subscriptions.cancelEdit')}
            </Button>
          ) : (
            <Button variant="default" onClick={close}>
              {t('subscriptions.close')}
            </Button>
          )}
          <Button onClick={submit} loading={saving.isPending}>
            {editing ? t('subscriptions.saveChanges') : t('subscriptions.save')}
          </Button>
        </Group>
        <Divider my="xs" />
        <Title order={4}>{t('subscriptions.listTitle')}</Title>
        <SubscriptionList
          projectId={projectId}
          dashboardId={dashboard._id}
          tabs={tabs}
          enabled={opened}
          onEdit={edit}
        />
      </Stack>
    </Modal>
  );
}
