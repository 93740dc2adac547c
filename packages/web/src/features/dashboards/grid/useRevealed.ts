import { startTransition, useEffect, useState } from 'react';

/**
 * Which of a grid's cards may mount their contents yet: a few at first, a few more in each following browser
 * task, in the grid's order, until all of them (a 50-card dashboard must stay responsive). Mounting
 * fifty cards — their header, body and data request — in the screen's first render makes one main-thread task
 * of a second or more; in batches, input and paint get in between. A card once revealed stays revealed (a card
 * added above it does not remount it); cards added later are revealed in the next batches.
 */
export const REVEAL_BATCH = 4;

export function useRevealed(ids: readonly string[], batch = REVEAL_BATCH): ReadonlySet<string> {
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set(ids.slice(0, batch)));
  const waiting = ids.filter((id) => !revealed.has(id));
  const next = waiting.slice(0, batch).join(' ');
  useEffect(() => {
    if (!next) return;
    return nextTask(() => startTransition(() => setRevealed((current) => new Set([...current, ...next.split(' ')]))));
  }, [next]);
  return revealed;
}

/** Runs `run` in a task of its own once the browser has had a chance to paint and take input; cancellable. */
function nextTask(run: () => void): () => void {
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
