import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type LegalText = 'privacy' | 'terms';

/** Privacy Policy and Terms of Service: short static legal text, translated. */
export function LegalModal({ text, onClose }: { text: LegalText | null; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const paragraphs = text ? (t(`shell:legal.${text}`, { returnObjects: true }) as unknown as string[]) : [];
  return (
    <Modal opened={text !== null} onClose={onClose} title={text ? t(`shell:footer.${text}`) : ''} size="lg" centered>
      <Stack gap="sm">
        {paragraphs.map((p) => (
          <Text key={p} size="sm">
            {p}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
