import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { ORGANIZATION_TYPES, type Organization, type OrganizationType } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllOrganizations, useUpdateOrganization } from '../../api/organizations.ts';
import { useOrgAction } from './useOrgAction.ts';

/** Choices of consultant for a client: the consultant organizations other than this one. */
export function consultantChoices(organizations: readonly Organization[], selfId?: string) {
  return organizations
    .filter((o) => o.type === 'consultant' && o._id !== selfId)
    .map((o) => ({ value: o._id, label: o.name }));
}

/**
 * Type (independent, consultant or client with its consultant) and plan: product operations only. A change to
 * client waits for the consultant to be chosen, since a client without one is refused.
 */
export function KindSettings({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const all = useAllOrganizations();
  const update = useUpdateOrganization();
  const { failure, run } = useOrgAction();
  const [type, setType] = useState<OrganizationType>(organization.type);
  const [plan, setPlan] = useState(organization.plan ?? '');

  useEffect(() => setType(organization.type), [organization.type]);
  useEffect(() => setPlan(organization.plan ?? ''), [organization.plan]);

  const save = (change: Parameters<typeof update.mutateAsync>[0]['change']) =>
    run(() => update.mutateAsync({ id: organization._id, change }));

  const chooseType = (value: string | null) => {
    if (!value || value === type) return;
    const next = value as OrganizationType;
    setType(next);
    if (next !== 'client') void save({ type: next, consultantId: null });
  };
  const chooseConsultant = (consultantId: string | null) => {
    if (consultantId) void save({ type: 'client', consultantId });
  };
  const savePlan = () => {
    const next = plan.trim();
    if (next !== (organization.plan ?? '')) void save({ plan: next === '' ? null : next });
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('general.type')}
          data={ORGANIZATION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          value={type}
          onChange={chooseType}
          allowDeselect={false}
        />
        {type === 'client' && (
          <Select
            label={t('general.consultant')}
            placeholder={t('general.chooseConsultant')}
            data={consultantChoices(all.data ?? [], organization._id)}
            value={organization.type === 'client' ? organization.consultantId : null}
            onChange={chooseConsultant}
            searchable
            allowDeselect={false}
          />
        )}
      </SimpleGrid>
      <TextInput
        label={t('general.plan')}
        value={plan}
        onChange={(e) => setPlan(e.currentTarget.value)}
        onBlur={savePlan}
      />
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </>
  );
}
