import { Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconForms } from '@tabler/icons-react';
import { type Form, listSearch } from '@tessera/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useDeleteForm, useDuplicateForm, useForms } from '../../../api/forms.ts';
import { useCurrentProject } from '../../../project/currentProject.tsx';
import { useProjectCan } from '../../../project/useProjectCan.ts';
import { ConfirmModal } from '../../../ui/ConfirmModal.tsx';
import { ListPageBody } from '../../../ui/ListPageBody.tsx';
import { ListPageHeader } from '../../../ui/ListPageHeader.tsx';
import { useServerText } from '../../../ui/serverText.ts';
import { CreateFormModal } from './CreateFormModal.tsx';
import { FormCard } from './FormCard.tsx';

const SEARCH_FIELDS = { name: (f: Form) => f.name, description: (f: Form) => f.description };

/** The forms list (needs form view): search, cards with their badge, Create Form for editors. */
export function FormsListPage() {
  const { t } = useTranslation('forms');
  const serverText = useServerText();
  const { project } = useCurrentProject();
  const projectId = project._id;
  const canEdit = useProjectCan('form:edit');
  const forms = useForms(projectId);
  const duplicate = useDuplicateForm(projectId);
  const remove = useDeleteForm(projectId);
  const [search, setSearch] = useState('');
  const [creating, create] = useDisclosure(false);
  const [deleting, setDeleting] = useState<Form | null>(null);
  const shown = useMemo(() => listSearch(forms.data ?? [], search, SEARCH_FIELDS), [forms.data, search]);
  const empty = (forms.data?.length ?? 0) === 0 ? 'list.empty' : shown.length === 0 ? 'list.noMatch' : null;

  const onDuplicate = (form: Form) =>
    duplicate.mutate(form._id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('actions.duplicated', { name: form.name }) }),
      onError: (e) =>
        notifications.show({
          color: 'red',
          message: e instanceof ApiError ? serverText(e.message) : t('actions.failed'),
        }),
    });

  return (
    <Container size="xl" py="xl">
      <ListPageHeader
        title={t('list.heading')}
        create={canEdit ? { label: t('list.create'), onClick: create.open } : undefined}
        searchLabel={t('list.search')}
        search={search}
        onSearch={setSearch}
      />
      <ListPageBody
        isPending={forms.isPending}
        isError={forms.isError}
        loadingLabel={t('list.loading')}
        loadFailed={t('list.loadFailed')}
        empty={empty ? { icon: <IconForms size={28} />, title: t(empty) } : null}
      >
        {shown.map((form) => (
          <FormCard
            key={form._id}
            form={form}
            projectId={projectId}
            canEdit={canEdit}
            onDuplicate={() => onDuplicate(form)}
            onDelete={() => setDeleting(form)}
          />
        ))}
      </ListPageBody>
      <CreateFormModal projectId={projectId} opened={creating} onClose={create.close} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('actions.deleteTitle')}
        message={t('actions.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting._id);
          notifications.show({ message: t('actions.deleted', { name: deleting.name }) });
        }}
      />
    </Container>
  );
}
