import { Accordion, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ITEMS = ['question', 'datasets', 'image', 'never', 'key'] as const;

/** What our server sends to the language-model service, and what it never sends. */
export function AssistantPrivacy() {
  const { t } = useTranslation('assistant');
  return (
    <Accordion variant="contained">
      <Accordion.Item value="privacy">
        <Accordion.Control>{t('privacy.title')}</Accordion.Control>
        <Accordion.Panel>
          <List size="sm" spacing={4}>
            {ITEMS.map((item) => (
              <List.Item key={item}>{t(`privacy.${item}`)}</List.Item>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
