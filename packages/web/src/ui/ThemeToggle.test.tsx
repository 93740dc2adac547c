import { MantineProvider } from '@mantine/core';
import { THEME_STORAGE_KEY } from '@tessera/shared';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import './testing.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { colorSchemeManager, theme } from './theme.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const renderToggle = () =>
  render(
    <MantineProvider theme={theme} env="test" defaultColorScheme="dark" colorSchemeManager={colorSchemeManager}>
      <ThemeToggle />
    </MantineProvider>,
  );

it('starts dark and keeps the chosen scheme in localStorage', async () => {
  renderToggle();
  expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  cleanup();
  renderToggle();
  expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
});
