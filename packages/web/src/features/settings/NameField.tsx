import { Loader, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrors, useServerText } from '../../ui/serverText.ts';

interface NameFieldProps {
  label: string;
  /** The saved value. */
  value: string;
  /** Server field names that may carry this field's error (e.g. `first`, `name.first`). */
  serverFields: readonly string[];
  save: (value: string) => Promise<unknown>;
  readOnly?: boolean;
}

/**
 * A required name field saved on blur: only when the trimmed value changed and is not empty.
 * An empty value shows "Required" and is not sent.
 */
export function NameField({ label, value, serverFields, save, readOnly }: NameFieldProps) {
  const { t } = useTranslation('settings');
  const serverText = useServerText();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // A saved value coming back (or another user loaded in the same modal) replaces the draft.
  useEffect(() => setDraft(value), [value]);

  const blur = async () => {
    const next = draft.trim();
    if (!next) {
      setError(t('profile.required'));
      return;
    }
    setError(null);
    if (next === value) {
      setDraft(value);
      return;
    }
    setSaving(true);
    try {
      await save(next);
    } catch (err) {
      const errors = formErrors(err, serverFields, serverFields[0], serverText, t('profile.saveFailed'));
      setError(Object.values(errors)[0]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <TextInput
      label={label}
      required
      readOnly={readOnly}
      value={draft}
      error={error}
      rightSection={saving ? <Loader size={14} /> : null}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => void blur()}
    />
  );
}
