import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { type Answers, type AnswerValue, checkResponse, type PublicForm } from '@tessera/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { fieldTexts } from '../../../api/serverErrors.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { ElementField } from './ElementField.tsx';

interface Props {
  form: Pick<PublicForm, 'name' | 'description' | 'elements'>;
  /** Sends the checked answers; a 400 answer's `fields` are shown on their elements. Absent in the builder's preview. */
  onSubmit?: (answers: Answers) => Promise<unknown>;
  /** The form name's heading level: 1 on the public page (its only heading of that level), 2 in the builder. */
  headingOrder?: 1 | 2;
}

/**
 * A form as its respondents see it: the public page, and the builder's live preview (which checks the answers
 * the same way but sends nothing). Every answer is checked by its element's rule (shared `checkResponse`)
 * before sending; the server checks again.
 */
export function FormView({ form, onSubmit, headingOrder = 2 }: Props) {
  const { t } = useTranslation('forms');
  const serverText = useServerText();
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  // After a refused submit, focus goes to the first element with an error (not left on Submit).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a submit asks for it, with that submit's errors
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = form.elements.find((element) => errors[element._id]);
    if (!first) return;
    const wrapper = formRef.current?.querySelector(`[data-element-id="${first._id}"]`);
    wrapper?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, button, [tabindex="0"]')?.focus();
  }, [focusRequest]);

  const change = (id: string, value: AnswerValue) => {
    setAnswers((old) => ({ ...old, [id]: value }));
    setErrors(({ [id]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const present = Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined));
    const { fields } = checkResponse(form.elements, present);
    setErrors(fieldTexts(fields));
    if (Object.keys(fields).length) {
      setFailure(t('public.fixErrors'));
      setFocusRequest((n) => n + 1);
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
        setFocusRequest((n) => n + 1);
      } else setFailure(error instanceof ApiError ? serverText(error.message) : t('actions.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate ref={formRef}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={headingOrder} size="h2">
            {form.name}
          </Title>
          {form.description && <Text c="dimmed">{form.description}</Text>}
        </Stack>
        {form.elements.map((element) => (
          <div key={element._id} data-element-id={element._id}>
            <ElementField
              element={element}
              value={answers[element._id]}
              onChange={(v) => change(element._id, v)}
              error={errors[element._id]}
            />
          </div>
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
