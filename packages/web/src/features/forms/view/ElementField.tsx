import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type AnswerValue, type FormElement, optionsOf, scaleBounds } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

interface Props {
  element: FormElement;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  error?: string;
}

/** One element of a form as the respondent sees it: a title, or a question with the input of its type. */
export function ElementField({ element, value, onChange, error }: Props) {
  const { t } = useTranslation('forms');
  const { type, config } = element;
  if (type === 'title') {
    return (
      <Stack gap={4}>
        <Title order={3}>{config.title}</Title>
        {config.description && <Text c="dimmed">{config.description}</Text>}
      </Stack>
    );
  }
  const common = {
    label: config.question,
    description: config.description || undefined,
    // `required` draws the asterisk and tells assistive technologies (the form is noValidate: our checks speak).
    required: Boolean(config.required),
    error,
  };
  const text = typeof value === 'string' ? value : '';
  switch (type) {
    case 'shortText':
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'longText':
      return (
        <Textarea {...common} autosize minRows={3} value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          allowDecimal={Boolean(config.allowDecimal)}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : v)}
        />
      );
    case 'dropdown':
      return (
        <Select
          {...common}
          placeholder={t('public.choose')}
          data={optionsOf(config)}
          value={text || null}
          onChange={(v) => onChange(v)}
          clearable
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {optionsOf(config).map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {optionsOf(config).map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'ratingScale':
      return <RatingScaleField element={element} value={value} onChange={onChange} error={error} />;
    case 'binary': {
      // The question's own texts, else Yes and No in the respondent's language.
      const yes = config.binaryText?.true?.trim() || t('public.true');
      const no = config.binaryText?.false?.trim() || t('public.false');
      return (
        <Radio.Group
          {...common}
          value={typeof value === 'boolean' ? String(value) : ''}
          onChange={(v) => onChange(v === 'true')}
        >
          <Group gap="lg" mt="xs">
            <Radio value="true" label={yes} />
            <Radio value="false" label={no} />
          </Group>
        </Radio.Group>
      );
    }
    case 'date':
      return <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'time':
      return <TextInput {...common} type="time" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** A row of buttons from the scale's lowest to its highest value, with its left and right texts. */
function RatingScaleField({ element, value, onChange, error }: Props) {
  const { config } = element;
  const { min, max } = scaleBounds(config);
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <Stack gap={6} role="group" aria-label={config.question}>
      <Text size="sm" fw={500}>
        {config.question}
        {config.required && (
          <Text span c="red">
            {' *'}
          </Text>
        )}
      </Text>
      {config.description && (
        <Text size="xs" c="dimmed">
          {config.description}
        </Text>
      )}
      <Group gap={4} wrap="wrap">
        {config.scaleText?.left && (
          <Text size="sm" c="dimmed">
            {config.scaleText.left}
          </Text>
        )}
        {values.map((v) => (
          <Button
            key={v}
            size="compact-sm"
            miw={36}
            variant={value === v ? 'filled' : 'default'}
            aria-pressed={value === v}
            onClick={() => onChange(value === v ? null : v)}
          >
            {v}
          </Button>
        ))}
        {config.scaleText?.right && (
          <Text size="sm" c="dimmed">
            {config.scaleText.right}
          </Text>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
