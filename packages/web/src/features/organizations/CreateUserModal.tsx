import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { OrgRoles } from '@tessera/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useCreateUser } from '../../api/users.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { useServerText } from '../../ui/serverText.ts';
import { RoleEditor } from './RoleEditor.tsx';

type Field = 'first' | 'last' | 'email' | 'roles';
type Errors = Partial<Record<Field | 'form', string>>;

const EMPTY = { first: '', last: '', email: '' };

/** Server field errors by form field: `roles.manageAllOrganizations` and the like belong under roles. */
export function fieldErrorsOf(fields: Record<string, string>): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.split('.')[0] as Field;
    if (['first', 'last', 'email', 'roles'].includes(field)) out[field] ??= message;
  }
  return out;
}

interface CreateUserModalProps {
  opened: boolean;
  onClose: () => void;
  organizationId: string;
  /** The roles of whoever creates the user (role editor rule). */
  editor: OrgRoles;
}

/**
 * Create user: First Name, Last Name, Email (lower-cased before sending) and a role choice, all
 * required. The server's field errors show under first, last, email and roles; the modal stays open while
 * there are errors and closes on success.
 */
export function CreateUserModal({ opened, onClose, organizationId, editor }: CreateUserModalProps) {
  const { t } = useTranslation('organizations');
  const serverText = useServerText();
  const create = useCreateUser(organizationId);
  const [values, setValues] = useState(EMPTY);
  const [roles, setRoles] = useState<OrgRoles | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  // Remounts the role editor on reset so its Custom roles mode starts over too.
  const [generation, setGeneration] = useState(0);

  const reset = () => {
    setValues(EMPTY);
    setRoles(null);
    setErrors({});
    setGeneration((g) => g + 1);
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      first: values.first.trim(),
      last: values.last.trim(),
      email: values.email.trim().toLowerCase(),
    };
    const missing: Errors = {};
    for (const field of ['first', 'last', 'email'] as const)
      if (!body[field]) missing[field] = t('createUser.required');
    if (!roles) missing.roles = t('createUser.required');
    if (Object.keys(missing).length > 0 || !roles) {
      setErrors(missing);
      return;
    }
    try {
      await create.mutateAsync({ ...body, roles });
      reset();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setErrors({ form: t('createUser.failed') });
        return;
      }
      const byField = fieldErrorsOf(err.fields);
      const shown: Errors = Object.fromEntries(Object.entries(byField).map(([k, m]) => [k, serverText(m)]));
      // A refusal without a field (e.g. a role one does not hold) is shown under the form all the same.
      setErrors(Object.keys(shown).length > 0 ? shown : { form: serverText(err.message) });
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('createUser.title')} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('createUser.first')}
              required
              value={values.first}
              error={errors.first}
              onChange={(e) => set('first')(e.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              label={t('createUser.last')}
              required
              value={values.last}
              error={errors.last}
              onChange={(e) => set('last')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label={t('createUser.email')}
            type="email"
            required
            value={values.email}
            error={errors.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
          />
          <RoleEditor
            key={generation}
            editor={editor}
            value={roles}
            onChange={(next) => {
              setRoles(next);
              setErrors((e) => ({ ...e, roles: undefined, form: undefined }));
            }}
            error={errors.roles}
          />
          <FormActions
            error={errors.form}
            cancelLabel={t('createUser.cancel')}
            onCancel={close}
            submitLabel={t('createUser.submit')}
            busy={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
