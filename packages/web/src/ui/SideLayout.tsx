import { Box, Flex, Paper, ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  side: ReactNode;
  children: ReactNode;
  /** The side panel's width beside the content (tablet and desktop). */
  sideWidth?: number;
  /** On a phone (≤ 767 px) only one of the two shows: the side list, or the open item. */
  phoneShows: 'side' | 'main';
  /** On a phone, above the open item: the way back to the list. */
  phoneBack?: ReactNode;
}

/**
 * A side list beside its content (the datasets sidebar and the dataset page, ...). From the phone breakpoint
 * down the two never share the width (a 300 px panel beside a 90 px page broke titles one letter per line and
 * scrolled sideways): the list or the open item shows, full width. One tree at every width (CSS decides), so
 * that crossing the breakpoint keeps what is open (a dialog, a draft).
 */
export function SideLayout({ side, children, sideWidth = 300, phoneShows, phoneBack }: Props) {
  const phoneOnly = (shown: boolean) => ({ base: shown ? 'block' : 'none', sm: 'block' }) as const;
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} align="flex-start" gap="md" p={{ base: 'xs', sm: 'md' }}>
      <Paper
        withBorder
        w={{ base: '100%', sm: sideWidth }}
        miw={{ sm: Math.min(sideWidth, 260) }}
        display={phoneOnly(phoneShows === 'side')}
        style={{ flexShrink: 0 }}
      >
        <ScrollArea.Autosize mah="calc(100vh - 140px)">{side}</ScrollArea.Autosize>
      </Paper>
      <Box w="100%" miw={0} style={{ flex: 1 }} display={phoneOnly(phoneShows === 'main')}>
        {phoneBack && <Box hiddenFrom="sm">{phoneBack}</Box>}
        {children}
      </Box>
    </Flex>
  );
}
