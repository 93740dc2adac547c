import { Box, Group, Paper, ScrollArea, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@tessera/shared';
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
 * scrolled sideways): the list or the open item shows, full width. The content never gets wider than the screen.
 */
export function SideLayout({ side, children, sideWidth = 300, phoneShows, phoneBack }: Props) {
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.phone}px)`);
  if (phone) {
    return (
      <Stack p="xs" gap="md" miw={0} maw="100vw" data-layout="phone">
        {phoneShows === 'side' ? (
          <Paper withBorder>{side}</Paper>
        ) : (
          <Box miw={0}>
            {phoneBack}
            {children}
          </Box>
        )}
      </Stack>
    );
  }
  return (
    <Group align="flex-start" gap="md" wrap="nowrap" p="md" data-layout="side">
      <Paper withBorder w={sideWidth} miw={Math.min(sideWidth, 260)} style={{ flexShrink: 0 }}>
        <ScrollArea.Autosize mah="calc(100vh - 140px)">{side}</ScrollArea.Autosize>
      </Paper>
      <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Group>
  );
}
