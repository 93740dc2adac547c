import { Group, MultiSelect, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { defaultRegexFields } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's search text and the fields a "re:" search reads (by default the name, or every field). */
export function useListSearchState(fields: Record<string, unknown>) {
  const [text, setText] = useState('');
  const [regexFields, setRegexFields] = useState(() => defaultRegexFields(fields));
  return { text, setText, regexFields, setRegexFields, fieldNames: Object.keys(fields) };
}

/**
 * The search box above every list of this area; the search itself is the shared listSearch. The placeholder names
 * the fields searched and the line under the box says how to search by regular expression: both stay whole on a
 * 320 px wide screen (docs/accessibility.md). While the text is a "re:" search, the fields it reads can be chosen
 * beside the box.
 */
export function SearchBox({
  state,
  placeholder,
}: {
  state: ReturnType<typeof useListSearchState>;
  placeholder: string;
}) {
  const { t } = useTranslation('organizations');
  const regex = state.text.trim().startsWith('re:') && state.fieldNames.length > 1;
  return (
    <Group gap="xs" style={{ flex: '1 1 260px' }} wrap="wrap">
      <TextInput
        aria-label={t('search.label')}
        placeholder={placeholder}
        description={t('search.regexHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        leftSection={<IconSearch size={16} />}
        value={state.text}
        onChange={(event) => state.setText(event.currentTarget.value)}
        style={{ flex: '1 1 260px' }}
      />
      {regex && (
        <Text size="sm" c="dimmed" aria-hidden>
          {t('search.fieldsLabel')}
        </Text>
      )}
      {regex && (
        <MultiSelect
          aria-label={t('search.fieldsLabel')}
          data={state.fieldNames.map((name) => ({ value: name, label: t(`search.fields.${name}`) }))}
          searchable
          value={state.regexFields}
          onChange={(chosen) => state.setRegexFields(chosen.length ? chosen : state.regexFields)}
          style={{ flex: '0 1 260px' }}
        />
      )}
    </Group>
  );
}
