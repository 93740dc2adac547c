import { Card, Group, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { INPUT_STYLES, inputProblem, MODEL_INPUT_TYPES, type ModelInput, type ModelInputType } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { ModelInputField } from '../inputs/index.ts';
import { changeStyle, changeType, parseOptions } from './inputSetup.ts';

const takesOptions = (input: ModelInput) =>
  (input.dataType === 'string' && input.display.inputType === 'selectOne') || input.dataType === 'list';

/**
 * One input's set-up: type (required), input style (those allowed for the type), options of a select,
 * default (required; false and 0 count), model bar and model panel display; a warning icon until ready.
 */
export function InputEditor({
  input,
  onChange,
  datasets,
}: {
  input: ModelInput;
  onChange: (input: ModelInput) => void;
  datasets: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation('models');
  const problem = inputProblem(input);
  const problemKey = problem && (input.dataType ? 'setup.needsDefault' : 'setup.needsType');
  return (
    <Card withBorder padding="sm" data-testid={`input-${input.varName}`}>
      <Group gap="xs" mb="xs">
        {problem && (
          <IconAlertTriangle size={18} color="var(--mantine-color-yellow-6)" aria-label={t('setup.incomplete')} />
        )}
        <Text fw={600}>{input.varName}</Text>
      </Group>
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label={t('setup.label')}
            value={input.name}
            onChange={(e) => onChange({ ...input, name: e.currentTarget.value })}
          />
          <Select
            label={t('setup.type')}
            data={MODEL_INPUT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            value={input.dataType}
            onChange={(type) => type && onChange(changeType(input, type as ModelInputType))}
            error={!input.dataType ? t('setup.needsType') : undefined}
            allowDeselect={false}
          />
          {input.dataType && (
            <Select
              label={t('setup.style')}
              data={INPUT_STYLES[input.dataType].map((s) => ({ value: s, label: t(`styles.${s}`) }))}
              value={input.display.inputType}
              onChange={(style) => style && onChange(changeStyle(input, style))}
              allowDeselect={false}
            />
          )}
        </Group>
        {takesOptions(input) && (
          <TagsInput
            label={t('setup.options')}
            value={(input.options ?? []).map(String)}
            onChange={(values) => onChange({ ...input, options: parseOptions(values.join('\n'), input.dataType) })}
          />
        )}
        {input.dataType && (
          <ModelInputField
            key={`${input.dataType}-${input.display.inputType}`}
            input={input}
            label={t('setup.default')}
            value={input.defaultValue}
            onChange={(v) => onChange({ ...input, defaultValue: v })}
            datasets={datasets}
            error={problemKey === 'setup.needsDefault' ? t('setup.needsDefault') : undefined}
          />
        )}
        <TextInput
          label={t('setup.description')}
          value={input.description}
          onChange={(e) => onChange({ ...input, description: e.currentTarget.value })}
        />
        <Group>
          <Switch
            label={t('setup.modelBar')}
            checked={input.display.modelBar}
            onChange={(e) => onChange({ ...input, display: { ...input.display, modelBar: e.currentTarget.checked } })}
          />
          <Select
            aria-label={t('setup.panel')}
            w={160}
            data={(['primary', 'secondary', 'hidden'] as const).map((v) => ({ value: v, label: t(`panel.${v}`) }))}
            value={input.display.modelPanel}
            onChange={(v) =>
              v &&
              onChange({
                ...input,
                display: { ...input.display, modelPanel: v as ModelInput['display']['modelPanel'] },
              })
            }
            allowDeselect={false}
          />
        </Group>
      </Stack>
    </Card>
  );
}
