import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { type Answers, type AnswerValue, checkResponse, type PublicForm } from '@tessera/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useServerText } from '../../../app/serverText.ts';
import { ElementField } from './ElementField.tsx';

interface Props {
  form: Pick<PublicForm, 'name' | 'description' | 'elements'>;
  /** Sends the checked answers; a 400 answer's `fields` are shown on their elements. Absent in the builder's preview. */
  onSubmit?: (answers: Answers) => Promise<unknown>;
}

/**
 * A form as its respondents see it: the public page, and the builder's live preview (which checks the answers
 * the same way but sends nothing). Every answer is checked by its element's rule (shared `checkResponse`)
 * before sending; the server checks again.
 */
export function FormView({ form, onSubmit }: Props) {
  const { t } = useTranslation('forms');
  const serverText = useServerText();
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (id: string, value: AnswerValue) => {
    setAnswers((old) => ({ ...old, [id]: value }));
    setErrors(({ [id]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const present = Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined));
    const { fields } = checkResponse(form.elements, present);
    setErrors(fields);
    if (Object.keys(fields).length) {
      setFailure(t('public.fixErrors'));
      return;
    }
    if (!onSubmit) return;
    setBusy(true);
    try {
      await onSubmit(present);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        setErrors(error.fields);
        setFailure(t('public.fixErrors'));
      } else setFailure(error instanceof ApiError ? serverText(error.message) : t('actions.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2}>{form.name}</Title>
          {form.description && <Text c="dimmed">{form.description}</Text>}
        </Stack>
        {form.elements.map((element) => (
          <ElementField
            key={element._id}
            element={element}
            value={answers[element._id]}
            onChange={(v) => change(element._id, v)}
            error={errors[element._id] ? serverText(errors[element._id]) : undefined}
          />
        ))}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {t('public.submit')}
        </Button>
      </Stack>
    </form>
  );
}
