import { Container, Group, Tabs, Text, Title } from '@mantine/core';
import { meetsLevel } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useModel } from '../../api/models.ts';
import { NotFound } from '../../app/NotFound.tsx';
import { useCurrentProject } from '../projects/shell/currentProject.tsx';

<<<<<<< HEAD

import { ModelInfoTab } from './ModelInfoTab.tsx';
import { ModelMenu } from './ModelMenu.tsx';
import { ModelOutputsTab } from './ModelOutputsTab.tsx';
import { InputsStep } from './onboard/InputsStep.tsx';

=======

import { ScheduledBadge } from '../triggers/ScheduledBadge.tsx';
import { ScheduledRuns } from '../triggers/ScheduledRuns.tsx';

>>>>>>> main

/** /projects/{projectId}/models/{modelId} (model view): tabs Model Info, Inputs, Outputs (run and preview). */
export function ModelPage() {
  const { t } = useTranslation('models');
  const { modelId = '' } = useParams();
  const { project, permission } = useCurrentProject();
  const model = useModel(project._id, modelId);
  if (!meetsLevel(permission.roles.model, 'view')) return <Text p="xl">{t('notAllowed')}</Text>;
  if (model.error) return <NotFound />;
  if (!model.data) return null;
  const canEdit = meetsLevel(permission.roles.model, 'edit');
  return (
    <Container size="lg" py="xl">
<<<<<<< HEAD
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
=======
      <Title order={2} mb="xs">
        {model.data.name}
      </Title>
      {model.data.description && <Text c="dimmed">{model.data.description}</Text>}
      <Stack gap="lg" mt="lg">
        <Card withBorder>
          <Title order={3} mb="sm">
            {t('tabs.info')}
          </Title>
          <Text fw={500}>{t('outputDatasets')}</Text>
          {outputs.length === 0 && <Text c="dimmed">{t('noOutputs')}</Text>}
          {outputs.map((o) => (
            <Anchor key={o.dataset._id} component={Link} to={`/projects/${project._id}/datasets/${o.dataset._id}/data`}>
              {o.name}
            </Anchor>
          ))}
          <ScheduledRuns model={model.data} />
        </Card>
        <RunCard model={model.data} projectId={project._id} />
        <HistoryCard model={model.data} projectId={project._id} />
      </Stack>
    </Container>
  );
}

function RunCard({ model, projectId }: { model: Model; projectId: string }) {
  const { t } = useTranslation('models');
  const datasets = useDatasets(projectId);
  const { execute } = useModelMutations(projectId, model._id);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(model.inputs.map((i) => [i.varName, asText(i.value ?? i.defaultValue)])),
  );
  const fields = execute.error instanceof ApiError ? (execute.error.fields ?? {}) : {};
  const run = () =>
    execute.mutate(
      model.inputs
        .filter((i) => values[i.varName] !== '')
        .map((i) => ({ varName: i.varName, value: values[i.varName] })),
    );
  return (
    <Card withBorder>
      <Title order={3} mb="sm">
        {t('tabs.inputs')}
      </Title>
      {model.inputs.length === 0 && <Text c="dimmed">{t('noInputs')}</Text>}
      <Stack gap="xs">
        {model.inputs.map((input) =>
          input.dataType === 'dataframe' ? (
            <Select
              key={input._id}
              label={input.name}
              data={(datasets.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
              value={values[input.varName] || null}
              onChange={(v) => setValues({ ...values, [input.varName]: v ?? '' })}
              error={fields[input.varName]}
            />
          ) : (
            <TextInput
              key={input._id}
              label={input.name}
              description={input.dataType ?? undefined}
              value={values[input.varName] ?? ''}
              onChange={(e) => setValues({ ...values, [input.varName]: e.currentTarget.value })}
              error={fields[input.varName]}
            />
          ),
        )}
        <Group>
          <Button onClick={run} loading={execute.isPending} disabled={model.running}>
            {model.runButtonText || t('run')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function HistoryCard({ model, projectId }: { model: Model; projectId: string }) {
  const { t, i18n } = useTranslation('models');
  const runs = useModelRuns(projectId, model._id);
  const { cancel, favourite } = useModelMutations(projectId, model._id);
  const list = runs.data?.runs ?? [];
  return (
    <Card withBorder>
      <Title order={3} mb="sm">
        {t('history')}
      </Title>
      {runs.data && list.length === 0 && <Text c="dimmed">{t('neverRun')}</Text>}
      <Stack gap="xs">
        {list.map((run) => (
          <Stack key={run._id} gap={4} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Group justify="space-between">
              <Group gap="xs">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('favourite')}
                  onClick={() => favourite.mutate({ runId: run._id, favourite: !run.favourite })}
                >
                  {run.favourite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                </ActionIcon>
                <Text size="sm">{new Date(run.executionDatetime).toLocaleString(i18n.language)}</Text>
                <Text size="sm" c={run.status === 'failed' ? 'red' : 'dimmed'}>
                  {t(`status.${run.status}`)}
                </Text>
                <ScheduledBadge run={run} />
              </Group>
              {isRunning(run) && (
                <Button size="xs" variant="light" color="red" onClick={() => cancel.mutate(run._id)}>
                  {t('cancelRun')}
                </Button>
              )}
            </Group>
            {run.status === 'failed' && run.error && (
              <Code block style={{ maxHeight: 200, overflow: 'auto' }}>
                {run.error}
              </Code>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
>>>>>>> main
