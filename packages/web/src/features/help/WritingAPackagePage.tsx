import { Button, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadPackageTemplate } from '../../api/packages.ts';

const SECTIONS = ['files', 'requirements', 'inputs', 'outputs', 'build', 'run'] as const;

/** The help page "Writing a package" (the same guide as docs/writing-a-package.md in the repository). */
export function WritingAPackagePage() {
  const { t } = useTranslation('help');
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={2}>{t('package.title')}</Title>
        <Text>{t('package.intro')}</Text>
        <Button
          w="fit-content"
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadPackageTemplate()}
        >
          {t('package.template')}
        </Button>
        {SECTIONS.map((section) => (
          <Stack key={section} gap={4}>
            <Title order={4}>{t(`package.${section}.title`)}</Title>
            <List size="sm" spacing={4}>
              {(t(`package.${section}.points`, { returnObjects: true }) as string[]).map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
          </Stack>
        ))}
        <Title order={4}>{t('package.example')}</Title>
        <Code block>{EXAMPLE}</Code>
      </Stack>
    </Container>
  );
}

const EXAMPLE = `# requirements.txt
pandas

# weather.py
import pandas as pd

def monthly_summary(data: pd.DataFrame, rain_threshold: float = 5.0) -> pd.DataFrame:
    frame = data.copy()
    frame["month"] = pd.to_datetime(frame["date"]).dt.strftime("%Y-%m")
    frame["rainy"] = frame["precipitation"] > rain_threshold
    return frame.groupby("month", as_index=False).agg(rainy_days=("rainy", "sum"))`;
