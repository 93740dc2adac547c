import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRevealed } from './useRevealed.ts';

const counts: number[] = [];
function Probe({ total }: { total: number }) {
  const revealed = useRevealed(total, 4);
  counts.push(revealed);
  return <output data-testid="revealed">{revealed}</output>;
}
const shown = () => Number(screen.getByTestId('revealed').textContent);

afterEach(() => {
  cleanup();
  counts.length = 0;
});

describe('useRevealed', () => {
  it('reveals a first batch at once, then a batch per task until all are revealed', async () => {
    render(<Probe total={10} />);
    expect(counts[0]).toBe(4);
    await waitFor(() => expect(shown()).toBe(10));
    // Grew by batches: 4, 8, 10 (each step in a later render).
    expect([...new Set(counts)]).toEqual([4, 8, 10]);
  });

  it('reveals cards added later in the next batches, and never hides revealed ones', async () => {
    const { rerender } = render(<Probe total={2} />);
    expect(shown()).toBe(2);
    rerender(<Probe total={7} />);
    await waitFor(() => expect(shown()).toBe(6));
    await waitFor(() => expect(shown()).toBe(7));
    rerender(<Probe total={3} />);
    expect(shown()).toBe(7);
  });
});
