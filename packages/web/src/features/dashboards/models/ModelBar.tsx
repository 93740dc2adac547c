import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconPlayerStop } from '@tabler/icons-react';
import type { Model } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { runButtonLabel } from '../../models/index.ts';
import { ModelInputField } from './ModelInputField.tsx';
import { barInputs, type InputValues } from './modelInputs.ts';
import { RunButton } from './RunButton.tsx';
import { useModelAccess } from './useModelAccess.ts';
import { useInputDatasets, useModelRun } from './useModelRun.ts';

interface Props {
  projectId: string;
  model: Model;
  values: InputValues;
  onValues: (values: InputValues) => void;
  onOpenPanel: () => void;
}

/**
 * A model's bar in the dashboard header: its name, the inputs marked modelBar, the run button with
 * the model's runButtonText (Cancel Run while it runs) and the button that opens its model panel.
 */
export function ModelBar({ projectId, model, values, onValues, onOpenPanel }: Props) {
  const { t } = useTranslation('dashboards');
  const access = useModelAccess();
  const datasets = useInputDatasets(projectId);
  const runner = useModelRun(projectId, model);
  const inputs = barInputs(model);
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid={`model-bar-${model._id}`}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={600} size="sm" style={{ alignSelf: 'center' }}>
          {model.name}
        </Text>
        {inputs.map((input) => (
          <ModelInputField
            key={input._id}
            input={input}
            value={values[input.varName]}
            onChange={(value) => onValues({ ...values, [input.varName]: value })}
            datasets={datasets}
            error={runner.errors[input.varName]}
            compact
          />
        ))}
        <Group gap={6} ml="auto" style={{ alignSelf: 'center' }}>
          {runner.running && runner.going && access.run ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={14} />}
              onClick={runner.cancel}
              loading={runner.cancelling}
            >
              {t('modelBar.cancelRun')}
            </Button>
          ) : null}
          {access.run && (
            <RunButton
              size="xs"
              label={runButtonLabel(model.runButtonText, t('modelBar.run'))}
              busy={runner.starting || runner.running}
              onRun={() => runner.run(values)}
            />
          )}
          <Tooltip label={t('modelBar.openPanel')}>
            <ActionIcon variant="default" size="md" aria-label={t('modelBar.openPanel')} onClick={onOpenPanel}>
              <IconAdjustmentsHorizontal size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
