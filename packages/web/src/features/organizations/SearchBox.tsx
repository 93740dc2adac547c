import { Group, MultiSelect, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
 * The search box above every list of this area; the search itself is the shared listSearch. While the text is a
 * "re:" search, the fields it reads can be chosen beside the box. One line of text, in a field as tall as its whole
 * placeholder (the spec's hint, cut at 320 CSS px in a one-line input: reflow, docs/accessibility.md);
 * Enter adds no line, a pasted line break becomes a space.
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
  // Sized to its text or placeholder (field-sizing); where a browser cannot, three rows on a narrow screen.
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Group gap="xs" style={{ flex: '1 1 260px' }} wrap="wrap">
      <Textarea
        aria-label={t('search.label')}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} />}
        rows={narrow ? 3 : 1}
        styles={{ input: { fieldSizing: 'content', resize: 'none' } }}
        value={state.text}
        onChange={(event) => state.setText(event.currentTarget.value.replace(/\s*[\r\n]+\s*/g, ' '))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
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
