import { Checkbox, Group, Modal, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  type ElementConfig,
  type ElementType,
  elementConfigErrors,
  FORM_LIMITS,
  RATING_SCALE_KEYS,
  type RatingScale,
} from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { fieldTexts } from '../../../api/serverErrors.ts';
import { FormActions } from '../../../ui/FormActions.tsx';
import { useServerText } from '../../../ui/serverText.ts';

export interface EditedElement {
  elementId?: string;
  type: ElementType;
  config: ElementConfig;
}

interface Props {
  editing: EditedElement | null;
  onClose: () => void;
  onSave: (element: EditedElement) => Promise<unknown>;
}

/** The config of an element, by its type (Element config); the shared rule checks it before saving. */
export function ElementEditorModal({ editing, onClose, onSave }: Props) {
  const { t } = useTranslation('forms');
  const serverText = useServerText();
  const [config, setConfig] = useState<ElementConfig>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setConfig(editing?.config ?? {});
    setErrors({});
    setError(undefined);
  }, [editing]);
  if (!editing) return null;
  const { type } = editing;
  const set = (change: Partial<ElementConfig>) => {
    setConfig((old) => ({ ...old, ...change }));
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !(k in change))));
  };
  const text = (key: 'title' | 'question' | 'description' | 'options') => ({
    value: config[key] ?? '',
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set({ [key]: e.currentTarget.value }),
  });
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = elementConfigErrors(type, config);
    setErrors(fieldTexts(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSave({ ...editing, config });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) setErrors(e.fields);
      else setError(e instanceof ApiError ? serverText(e.message) : t('actions.failed'));
    } finally {
      setBusy(false);
    }
  };
  const typeName = t(`types.${type}`);
  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t(editing.elementId ? 'config.editTitle' : 'config.addTitle', { type: typeName })}
    >
      <form onSubmit={save} noValidate>
        <Stack>
          {type === 'title' ? (
            <TextInput
              label={t('config.title')}
              withAsterisk
              maxLength={FORM_LIMITS.question}
              data-autofocus
              {...text('title')}
            />
          ) : (
            <TextInput
              label={t('config.question')}
              withAsterisk
              maxLength={FORM_LIMITS.question}
              data-autofocus
              {...text('question')}
            />
          )}
          <Textarea
            label={t('config.description')}
            autosize
            minRows={2}
            maxLength={FORM_LIMITS.elementDescription}
            {...text('description')}
          />
          {(type === 'dropdown' || type === 'radio' || type === 'checkbox') && (
            <TextInput
              label={t('config.options')}
              description={t('config.optionsHint')}
              withAsterisk
              maxLength={FORM_LIMITS.optionsText}
              {...text('options')}
            />
          )}
          {type === 'number' && (
            <Checkbox
              label={t('config.allowDecimal')}
              checked={Boolean(config.allowDecimal)}
              onChange={(e) => set({ allowDecimal: e.currentTarget.checked })}
            />
          )}
          {type === 'ratingScale' && (
            <>
              <Select
                label={t('config.scale')}
                data={RATING_SCALE_KEYS.map((k) => ({ value: k, label: t(`config.scales.${k}`) }))}
                value={config.scale ?? '1-10'}
                onChange={(v) => set({ scale: (v ?? '1-10') as RatingScale })}
                allowDeselect={false}
              />
              <Group grow>
                <TextInput
                  label={t('config.scaleLeft')}
                  maxLength={FORM_LIMITS.scaleText}
                  value={config.scaleText?.left ?? ''}
                  onChange={(e) =>
                    set({ scaleText: { left: e.currentTarget.value, right: config.scaleText?.right ?? '' } })
                  }
                />
                <TextInput
                  label={t('config.scaleRight')}
                  maxLength={FORM_LIMITS.scaleText}
                  value={config.scaleText?.right ?? ''}
                  onChange={(e) =>
                    set({ scaleText: { left: config.scaleText?.left ?? '', right: e.currentTarget.value } })
                  }
                />
              </Group>
            </>
          )}
          {type === 'binary' && (
            <Group grow>
              <TextInput
                label={t('config.binaryTrue')}
                placeholder={t('public.true')}
                maxLength={FORM_LIMITS.scaleText}
                value={config.binaryText?.true ?? ''}
                onChange={(e) =>
                  set({ binaryText: { true: e.currentTarget.value, false: config.binaryText?.false ?? '' } })
                }
              />
              <TextInput
                label={t('config.binaryFalse')}
                placeholder={t('public.false')}
                maxLength={FORM_LIMITS.scaleText}
                value={config.binaryText?.false ?? ''}
                onChange={(e) =>
                  set({ binaryText: { true: config.binaryText?.true ?? '', false: e.currentTarget.value } })
                }
              />
            </Group>
          )}
          {type !== 'title' && (
            <Switch
              label={t('config.required')}
              checked={Boolean(config.required)}
              onChange={(e) => set({ required: e.currentTarget.checked })}
            />
          )}
          <FormActions
            error={error}
            cancelLabel={t('config.cancel')}
            onCancel={onClose}
            cancelDisabled={busy}
            submitLabel={t('config.save')}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
