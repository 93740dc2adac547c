import { Alert, Center, EmptyState, Loader, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListPageBodyProps {
  /** The list's query state. */
  isPending: boolean;
  isError: boolean;
  loadingLabel: string;
  loadFailed: string;
  /** The empty or no-match state to show instead of the cards, or null when there are cards. */
  empty: { icon: ReactNode; title: string } | null;
  /** The cards. */
  children: ReactNode;
}

/** Below a list page's header: the loader, the load failure, the empty state, or the grid of cards. */
export function ListPageBody({ isPending, isError, loadingLabel, loadFailed, empty, children }: ListPageBodyProps) {
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
  if (isError) {
    return (
      <Alert variant="light" color="red">
        {loadFailed}
      </Alert>
    );
  }
  if (empty) return <EmptyState icon={empty.icon} title={empty.title} py="xl" />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }} spacing="lg">
      {children}
    </SimpleGrid>
  );
}
