import { Box } from '@mantine/core';
import type { ModelInput } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { ModelInputField as InputWidget } from '../../models/index.ts';

interface Props {
  input: ModelInput;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The datasets a dataframe input chooses from (those the viewer may see). */
  datasets: ReadonlyArray<{ _id: string; name: string }>;
  error?: string;
  /** The bar shows inputs side by side, each at least this wide. */
  compact?: boolean;
}

/**
 * One model input on the model bar or panel: the models area's widget of its input style, and for
 * a dataframe input whose dataset is not among those shown, 'dataframe not found: {id}'.
 */
export function ModelInputField({ input, value, onChange, datasets, error, compact }: Props) {
  const { t } = useTranslation('dashboards');
  const id = input.dataType === 'dataframe' && typeof value === 'string' ? value : '';
  const missing = id !== '' && !datasets.some((d) => d._id === id);
  return (
    <Box miw={compact ? 140 : undefined}>
      <InputWidget
        input={input}
        value={value}
        onChange={onChange}
        datasets={datasets.map((d) => ({ value: d._id, label: d.name }))}
        error={error ?? (missing ? t('modelBar.dataframeNotFound', { id }) : undefined)}
      />
    </Box>
  );
}
