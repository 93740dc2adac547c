import { Accordion, Anchor, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlayerStop, IconRestore } from '@tabler/icons-react';
import type { Model, ModelInput } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runButtonLabel } from '../../models/index.ts';
import { ModelInputField } from './ModelInputField.tsx';
import { type InputValues, initialValues, panelInputs } from './modelInputs.ts';
import { RunButton } from './RunButton.tsx';
import { RunHistory } from './RunHistory.tsx';
import { useModelAccess } from './useModelAccess.ts';
import { useInputDatasets, useModelRun } from './useModelRun.ts';

interface Props {
  projectId: string;
  model: Model;
  values: InputValues;
  onValues: (values: InputValues) => void;
  onClose: () => void;
}

/**
 * A model's panel: its primary inputs, the secondary ones under Advanced settings, Run and Cancel
 * Run, Reset inputs (not for public visitors), the model edit link (model edit only) and the model history.
 */
export function ModelPanel({ projectId, model, values, onValues, onClose }: Props) {
  const { t } = useTranslation('dashboards');
  const phone = useMediaQuery('(max-width: 767px)');
  const access = useModelAccess();
  const datasets = useInputDatasets(projectId);
  const runner = useModelRun(projectId, model);
  const primary = panelInputs(model, 'primary');
  const secondary = panelInputs(model, 'secondary');
  const field = (input: ModelInput) => (
    <ModelInputField
      key={input._id}
      input={input}
      value={values[input.varName]}
      onChange={(value) => onValues({ ...values, [input.varName]: value })}
      datasets={datasets}
      error={runner.errors[input.varName]}
    />
  );
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={<Title order={4}>{model.name}</Title>}
      data-testid="model-panel"
    >
      <Stack gap="md">
        {access.edit && (
          <Anchor component={Link} to={`/projects/${projectId}/models/${model._id}`} size="sm">
            <Group gap={4}>
              <IconPencil size={14} />
              {t('modelBar.editModel')}
            </Group>
          </Anchor>
        )}
        {model.description && (
          <Text size="sm" c="dimmed">
            {model.description}
          </Text>
        )}
        <Title order={5}>{t('modelBar.inputs')}</Title>
        {primary.length + secondary.length === 0 && <Text c="dimmed">{t('modelBar.noInputs')}</Text>}
        {primary.map(field)}
        {secondary.length > 0 && (
          <Accordion variant="contained">
            <Accordion.Item value="advanced">
              <Accordion.Control>{t('modelBar.advancedSettings')}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">{secondary.map(field)}</Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
        <Group gap="xs">
          {access.run && (
            <RunButton
              label={runButtonLabel(model.runButtonText, t('modelBar.run'))}
              busy={runner.starting || runner.running}
              onRun={() => runner.run(values)}
            />
          )}
          {access.run && runner.going && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={16} />}
              onClick={runner.cancel}
              loading={runner.cancelling}
            >
              {t('modelBar.cancelRun')}
            </Button>
          )}
          {access.resetInputs && (
            <Button
              variant="subtle"
              leftSection={<IconRestore size={16} />}
              onClick={() => onValues(initialValues(model))}
            >
              {t('modelBar.resetInputs')}
            </Button>
          )}
        </Group>
        <RunHistory projectId={projectId} model={model} runs={runner.runs.data?.runs} />
      </Stack>
    </Drawer>
  );
}
