import { Container, Group, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useModel } from '../../api/models.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { usePageName } from '../../ui/documentTitle.ts';
import { NotFound } from '../../ui/NotFound.tsx';
import { ScheduledRuns } from '../triggers/index.ts';
import { ModelInfoTab } from './ModelInfoTab.tsx';
import { ModelMenu } from './ModelMenu.tsx';
import { ModelOutputsTab } from './ModelOutputsTab.tsx';
import { InputsStep } from './onboard/InputsStep.tsx';

/** /projects/{projectId}/models/{modelId} (model view): tabs Model Info, Inputs, Outputs (run and preview). */
export function ModelPage() {
  const { t } = useTranslation('models');
  const { modelId = '' } = useParams();
  const { project } = useCurrentProject();
  const model = useModel(project._id, modelId);
  usePageName(model.data?.name);
  const canView = useProjectCan('model:view');
  const canEdit = useProjectCan('model:edit');
  if (!canView) return <Text p="xl">{t('notAllowed')}</Text>;
  if (model.error) return <NotFound />;
  if (!model.data) return null;
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2}>{model.data.name}</Title>
        {canEdit && <ModelMenu model={model.data} projectId={project._id} />}
      </Group>
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="info">{t('tabs.info')}</Tabs.Tab>
          <Tabs.Tab value="inputs">{t('tabs.inputs')}</Tabs.Tab>
          <Tabs.Tab value="outputs">{t('tabs.outputs')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <ModelInfoTab key={model.data.name} model={model.data} projectId={project._id} canEdit={canEdit} />
          <ScheduledRuns model={model.data} />
        </Tabs.Panel>
        <Tabs.Panel value="inputs">
          <InputsStep model={model.data} projectId={project._id} saveLabel={t('save')} />
        </Tabs.Panel>
        <Tabs.Panel value="outputs">
          <ModelOutputsTab model={model.data} projectId={project._id} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
