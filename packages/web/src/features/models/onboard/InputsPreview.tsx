import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { type ModelInput, RUN_PREVIEW_HINT_MS } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModelInputField } from '../inputs/index.ts';
import { runButtonLabel } from '../runButtonLabel.ts';

/**
 * The live UI preview: the inputs as the model panel shows them (primary, then the advanced
 * settings), each at its default; running says 'Model cannot be run in the UI Preview' for 2.5 s.
 */
export function InputsPreview({
  inputs,
  runButtonText,
  datasets,
}: {
  inputs: ModelInput[];
  runButtonText: string;
  datasets: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation('models');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!tried) return;
    const timer = setTimeout(() => setTried(false), RUN_PREVIEW_HINT_MS);
    return () => clearTimeout(timer);
  }, [tried]);
  const field = (input: ModelInput) => (
    <ModelInputField
      key={`${input._id}-${input.dataType}-${input.display.inputType}`}
      input={input}
      value={input.varName in values ? values[input.varName] : input.defaultValue}
      onChange={(v) => setValues({ ...values, [input.varName]: v })}
      datasets={datasets}
    />
  );
  const typed = inputs.filter((i) => i.dataType);
  const primary = typed.filter((i) => i.display.modelPanel === 'primary');
  const secondary = typed.filter((i) => i.display.modelPanel === 'secondary');
  return (
    <Card withBorder data-testid="ui-preview">
      <Title order={4} mb="sm">
        {t('setup.preview')}
      </Title>
      <Stack gap="xs">
        {!primary.length && !secondary.length && <Text c="dimmed">{t('noInputs')}</Text>}
        {primary.map(field)}
        {secondary.length > 0 && (
          <Text size="sm" fw={600} mt="xs">
            {t('setup.advanced')}
          </Text>
        )}
        {secondary.map(field)}
        <Button onClick={() => setTried(true)}>{runButtonLabel(runButtonText, t('run'))}</Button>
        {tried && (
          <Alert color="yellow" withCloseButton onClose={() => setTried(false)}>
            {t('setup.cannotRun')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
