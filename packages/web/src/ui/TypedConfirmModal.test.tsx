import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import './testing.tsx';
import { TypedConfirmModal, typedTextMatches } from './TypedConfirmModal.tsx';
import { theme } from './theme.ts';

afterEach(cleanup);

function renderModal(onConfirm: () => Promise<unknown>, onClose = vi.fn()) {
  render(
    <MantineProvider theme={theme} env="test">
      <TypedConfirmModal
        opened
        onClose={onClose}
        title="Delete Organization"
        expected="Acme Corp"
        confirmLabel="Delete"
        onConfirm={onConfirm}
      />
    </MantineProvider>,
  );
  return onClose;
}

describe('typedTextMatches', () => {
  it.each([
    ['Acme Corp', 'Acme Corp', true],
    ['acme corp', 'Acme Corp', false],
    ['Acme Corp ', 'Acme Corp', false],
    ['Acme', 'Acme Corp', false],
    ['', '', false],
  ])('%j against %j → %s', (typed, expected, matches) => {
    expect(typedTextMatches(typed, expected)).toBe(matches);
  });
});

describe('TypedConfirmModal', () => {
  it('keeps submit disabled and says "Does not match" until the exact name is typed', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = renderModal(onConfirm);
    const user = userEvent.setup({ delay: null });
    const input = screen.getByLabelText('Type Acme Corp to confirm');
    const submit = screen.getByRole('button', { name: 'Delete' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Does not match')).toBeNull();

    await user.type(input, 'acme corp');
    expect(screen.getByText('Does not match')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(input, '{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'Acme Corp');
    expect(screen.queryByText('Does not match')).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("stays open with the server's message when the action fails", async () => {
    const onClose = renderModal(async () => {
      throw new ApiError(409, 'conflict', 'Delete or transfer its client organizations first');
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Type Acme Corp to confirm'), 'Acme Corp');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Delete or transfer its client organizations first');
    expect(onClose).not.toHaveBeenCalled();
  });
});
