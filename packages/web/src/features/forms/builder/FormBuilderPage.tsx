import { Alert, Button, Center, Container, Grid, Loader, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { ELEMENT_TYPES, type FormElement } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useDeleteElement, useForm, useReorderElements, useSaveElement } from '../../../api/forms.ts';
import { useCurrentProject } from '../../../project/currentProject.tsx';
import { usePageName } from '../../../ui/documentTitle.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { FormView } from '../view/FormView.tsx';
import { BuilderHeader } from './BuilderHeader.tsx';
import { type EditedElement, ElementEditorModal } from './ElementEditorModal.tsx';
import { ElementList } from './ElementList.tsx';

/**
 * The form builder, /projects/{projectId}/forms/{formId} (needs form edit): the elements (add, edit,
 * reorder, delete, required) beside a live preview of the public page; a published form is read-only.
 */
export function FormBuilderPage() {
  const { formId = '' } = useParams();
  const { t } = useTranslation('forms');
  const serverText = useServerText();
  const { project } = useCurrentProject();
  const projectId = project._id;
  const form = useForm(projectId, formId);
  usePageName(form.data?.name);
  const save = useSaveElement(projectId, formId);
  const remove = useDeleteElement(projectId, formId);
  const reorder = useReorderElements(projectId, formId);
  const [editing, setEditing] = useState<EditedElement | null>(null);

  if (form.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('public.loading')} />
      </Center>
    );
  }
  if (form.isError || !form.data) {
    return (
      <Container py="xl">
        <Alert color="red" variant="light">
          {form.error instanceof ApiError ? serverText(form.error.message) : t('builder.loadFailed')}
        </Alert>
      </Container>
    );
  }
  const data = form.data;
  const editable = !data.published;
  const failed = (e: unknown) =>
    notifications.show({ color: 'red', message: e instanceof ApiError ? serverText(e.message) : t('actions.failed') });
  const edit = (element: FormElement) =>
    setEditing({ elementId: element._id, type: element.type, config: element.config });

  return (
    <Container size="xl" py="xl">
      <BuilderHeader form={data} projectId={projectId} />
      {!editable && (
        <Alert variant="light" mb="md">
          {t('builder.readOnly')}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Title order={4}>{t('builder.elements')}</Title>
            {data.elements.length === 0 && <Text c="dimmed">{t('builder.empty')}</Text>}
            <ElementList
              elements={data.elements}
              editable={editable}
              onReorder={(ids) => reorder.mutate(ids, { onError: failed })}
              onEdit={edit}
              onDelete={(element) => remove.mutate(element._id, { onError: failed })}
              onRequired={(element, required) =>
                save.mutate(
                  { elementId: element._id, type: element.type, config: { ...element.config, required } },
                  { onError: failed },
                )
              }
            />
            {editable && (
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button variant="light" leftSection={<IconPlus size={16} />} style={{ alignSelf: 'flex-start' }}>
                    {t('builder.addElement')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {ELEMENT_TYPES.map((type) => (
                    <Menu.Item key={type} onClick={() => setEditing({ type, config: {} })}>
                      {t(`types.${type}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={4} mb="sm">
            {t('builder.preview')}
          </Title>
          <Paper withBorder radius="md" p="xl" data-testid="form-preview">
            <FormView form={data} />
          </Paper>
        </Grid.Col>
      </Grid>
      <ElementEditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSave={(element) =>
          save.mutateAsync({ ...element, position: element.elementId ? undefined : data.elements.length })
        }
      />
    </Container>
  );
}
