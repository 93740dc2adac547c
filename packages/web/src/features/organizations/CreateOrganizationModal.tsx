import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { ORGANIZATION_TYPES, type Organization, type OrganizationType } from '@tessera/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useCreateOrganization } from '../../api/organizations.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { useServerText } from '../../ui/serverText.ts';
import { consultantChoices } from './KindSettings.tsx';

type Field = 'name' | 'type' | 'consultantId' | 'plan';
type Errors = Partial<Record<Field | 'form', string>>;

interface CreateOrganizationModalProps {
  opened: boolean;
  onClose: () => void;
  /** 'any': product operations choose the type, consultant and plan; 'clientOfOwn': a consultant creates a client. */
  creation: 'any' | 'clientOfOwn';
  /** The organizations known to the viewer, to choose a client's consultant from. */
  organizations: readonly Organization[];
}

/** Create Organization (name required). A consultant's client managers create clients of their own organization. */
export function CreateOrganizationModal({ opened, onClose, creation, organizations }: CreateOrganizationModalProps) {
  const { t } = useTranslation('organizations');
  const serverText = useServerText();
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [type, setType] = useState<OrganizationType>('independent');
  const [consultantId, setConsultantId] = useState<string | null>(null);
  const [plan, setPlan] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const chooseKind = creation === 'any';

  const reset = () => {
    setName('');
    setType('independent');
    setConsultantId(null);
    setPlan('');
    setErrors({});
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    if (!name.trim()) missing.name = t('createOrganization.required');
    if (chooseKind && type === 'client' && !consultantId) missing.consultantId = t('createOrganization.required');
    if (Object.keys(missing).length > 0) return setErrors(missing);
    const body = chooseKind
      ? { name: name.trim(), type, consultantId: type === 'client' ? consultantId : null, plan: plan.trim() || null }
      : { name: name.trim() };
    try {
      await create.mutateAsync(body);
      reset();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return setErrors({ form: t('createOrganization.failed') });
      const shown: Errors = {};
      for (const [key, message] of Object.entries(err.fields)) {
        if (['name', 'type', 'consultantId', 'plan'].includes(key)) shown[key as Field] = serverText(message);
      }
      setErrors(Object.keys(shown).length > 0 ? shown : { form: serverText(err.message) });
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('createOrganization.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('createOrganization.name')}
            required
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors((x) => ({ ...x, name: undefined, form: undefined }));
            }}
            data-autofocus
          />
          {chooseKind && (
            <>
              <Select
                label={t('createOrganization.type')}
                data={ORGANIZATION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
                value={type}
                error={errors.type}
                onChange={(v) => v && setType(v as OrganizationType)}
                allowDeselect={false}
              />
              {type === 'client' && (
                <Select
                  label={t('createOrganization.consultant')}
                  placeholder={t('general.chooseConsultant')}
                  required
                  searchable
                  data={consultantChoices(organizations)}
                  value={consultantId}
                  error={errors.consultantId}
                  onChange={(v) => {
                    setConsultantId(v);
                    setErrors((x) => ({ ...x, consultantId: undefined }));
                  }}
                />
              )}
              <TextInput
                label={t('createOrganization.plan')}
                value={plan}
                error={errors.plan}
                onChange={(e) => setPlan(e.currentTarget.value)}
              />
            </>
          )}
          <FormActions
            error={errors.form}
            cancelLabel={t('createOrganization.cancel')}
            onCancel={close}
            submitLabel={t('createOrganization.submit')}
            busy={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
