import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRevealed } from './useRevealed.ts';

const counts: number[] = [];
function Probe({ ids }: { ids: string[] }) {
  const revealed = useRevealed(ids, 4);
  counts.push(revealed.size);
  return <output data-testid="revealed">{ids.filter((id) => revealed.has(id)).join(',')}</output>;
}
const shown = () => screen.getByTestId('revealed').textContent;
const ids = (...names: Array<string | number>) => names.map(String);
const range = (n: number) => Array.from({ length: n }, (_, i) => String(i));

afterEach(() => {
  cleanup();
  counts.length = 0;
});

describe('useRevealed', () => {
  it('reveals a first batch at once, then a batch per task, in order, until all are revealed', async () => {
    render(<Probe ids={range(10)} />);
    expect(counts[0]).toBe(4);
    expect(shown()).toBe('0,1,2,3');
    await waitFor(() => expect(shown()).toBe(range(10).join(',')));
    // Grew by batches: 4, 8, 10 (each step in a later render).
    expect([...new Set(counts)]).toEqual([4, 8, 10]);
  });

  it('keeps revealed cards revealed when a card is added before them; added cards come in the next batch', async () => {
    const { rerender } = render(<Probe ids={ids('a', 'b')} />);
    expect(shown()).toBe('a,b');
    rerender(<Probe ids={ids('new', 'a', 'b')} />);
    // 'a' and 'b' stay mounted while 'new' waits for its batch.
    expect(shown()).toBe('a,b');
    await waitFor(() => expect(shown()).toBe('new,a,b'));
  });
});
