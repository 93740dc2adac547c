import { Container, Tabs, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useModel, useModelEdits } from '../../../api/models.ts';
import { useCurrentProject } from '../../../project/currentProject.tsx';
import { useProjectCan } from '../../../project/useProjectCan.ts';
import { NotFound } from '../../../ui/NotFound.tsx';
import { InputsStep } from './InputsStep.tsx';
import { firstStep, inputsComplete } from './inputSetup.ts';
import { OutputsStep } from './OutputsStep.tsx';
import { SourceStep } from './SourceStep.tsx';

const STEPS = ['source', 'inputs', 'outputs'] as const;

/** 'Create Model - name', or 'Create Model' alone while there is no name. */
export const onboardTitle = (t: TFunction<'models'>, name: string): string =>
  name ? t('setup.title', { name }) : t('setup.titleNoName');

/**
 * The onboarding wizard, /projects/{projectId}/models/onboard and {modelId}/onboard (model
 * edit): 'Create Model - name' ('Create Model' before a name), tabs Select Source Function, Configure Inputs, Generate Outputs; Done confirms
 * the model and returns to the model list.
 */
export function OnboardPage() {
  const { t } = useTranslation('models');
  const { modelId = '' } = useParams();
  const navigate = useNavigate();
  const { project } = useCurrentProject();
  const model = useModel(project._id, modelId);
  const { confirm } = useModelEdits(project._id);
  const arrived = (useLocation().state as { step?: number } | null)?.step;
  const [step, setStep] = useState<number | null>(arrived ?? null);
  // The name typed in the first step (until then the model's): the title shows it as it is typed.
  const [typedName, setTypedName] = useState<string | null>(null);
  const canEdit = useProjectCan('model:edit');
  if (!canEdit) return <Text p="xl">{t('notAllowed')}</Text>;
  if (model.error) return <NotFound />;
  if (modelId && !model.data) return null;
  const current = step ?? firstStep(model.data);
  const ready = model.data ? inputsComplete(model.data.inputs) : false;
  const base = `/projects/${project._id}/models`;
  const done = () => model.data && confirm.mutate(model.data._id, { onSuccess: () => void navigate(base) });
  return (
    <Container size="xl" py="xl">
      <Title order={2} mb="lg">
        {onboardTitle(t, (typedName ?? model.data?.name ?? '').trim())}
      </Title>
      <Tabs value={STEPS[current]} onChange={(v) => setStep(STEPS.indexOf(v as (typeof STEPS)[number]))}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="source" rightSection={model.data ? <IconCheck size={14} /> : null}>
            {t('setup.steps.source')}
          </Tabs.Tab>
          <Tabs.Tab value="inputs" disabled={!model.data} rightSection={ready ? <IconCheck size={14} /> : null}>
            {t('setup.steps.inputs')}
          </Tabs.Tab>
          <Tabs.Tab value="outputs" disabled={!ready}>
            {t('setup.steps.outputs')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="source">
          <SourceStep
            key={model.data?._id ?? 'new'}
            projectId={project._id}
            model={model.data}
            onNameChange={setTypedName}
            onDone={(id) => {
              setStep(1);
              if (id !== modelId) void navigate(`${base}/${id}/onboard`, { state: { step: 1 } });
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="inputs">
          {model.data && current === 1 && (
            <InputsStep
              model={model.data}
              projectId={project._id}
              saveLabel={t('setup.continue')}
              onSaved={() => setStep(2)}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="outputs">
          {model.data && current === 2 && (
            <OutputsStep model={model.data} projectId={project._id} doneLabel={t('setup.done')} onDone={done} />
          )}
          {confirm.error && <Text c="red">{confirm.error.message}</Text>}
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
