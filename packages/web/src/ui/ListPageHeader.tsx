import { Button, Group, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';

interface ListPageHeaderProps {
  title: string;
  /** The create button; left out where the user may not create (a viewer, no createProjects role). */
  create?: { label: string; onClick: () => void };
  /** Both the search box's accessible name and its placeholder. */
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
}

/** The top of a list page (Projects, Data Apps): the heading, an optional create button, and the search box. */
export function ListPageHeader({ title, create, searchLabel, search, onSearch }: ListPageHeaderProps) {
  return (
    <>
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={2}>{title}</Title>
        {create && (
          <Button leftSection={<IconPlus size={16} />} onClick={create.onClick}>
            {create.label}
          </Button>
        )}
      </Group>
      <TextInput
        mb="lg"
        type="search"
        leftSection={<IconSearch size={16} />}
        placeholder={searchLabel}
        aria-label={searchLabel}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
      />
    </>
  );
}
