import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Pages } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampPage } from './tableState.ts';

interface Props {
  pages: Pages;
  onPage: (page: number) => void;
}

/**
 * A table card's paging: previous and next, and a page-jump input; a typed page below 1 goes to page
 * 1 and one above the total to the last page (the input shows where it went).
 */
export function PageControls({ pages, onPage }: Props) {
  const { t } = useTranslation('cards');
  const [typed, setTyped] = useState(String(pages.current));
  useEffect(() => setTyped(String(pages.current)), [pages.current]);

  const jump = () => {
    const page = clampPage(Number(typed), pages.total);
    setTyped(String(page));
    if (page !== pages.current) onPage(page);
  };

  return (
    <Group gap={6} justify="flex-end" px="xs" py={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={t('table.previousPage')}
        disabled={!pages.hasPrev}
        onClick={() => pages.prev && onPage(pages.prev)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text size="xs">{t('table.page')}</Text>
      <TextInput
        size="xs"
        w={56}
        aria-label={t('table.pageJump')}
        inputMode="numeric"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onBlur={jump}
        onKeyDown={(event) => {
          if (event.key === 'Enter') jump();
        }}
      />
      <Text size="xs" data-testid="table-total-pages">
        {t('table.ofPages', { total: pages.total })}
      </Text>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={t('table.nextPage')}
        disabled={!pages.hasNext}
        onClick={() => pages.next && onPage(pages.next)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
