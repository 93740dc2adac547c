import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a grid's cards may mount their contents yet: a few at first, a few more in each following browser
 * task, until all of them (a 50-card dashboard must stay responsive, spec 2 §9). Mounting fifty cards — their
 * header, body and data request — in the screen's first render makes one main-thread task of a second or more;
 * in batches, input and paint get in between. The count only grows: cards added later mount in the next batch.
 */
export const REVEAL_BATCH = 4;

export function useRevealed(total: number, batch = REVEAL_BATCH): number {
  const [revealed, setRevealed] = useState(() => Math.min(total, batch));
  useEffect(() => {
    if (revealed >= total) return;
    return nextTask(() => startTransition(() => setRevealed((current) => Math.min(total, current + batch))));
  }, [revealed, total, batch]);
  return revealed;
}

/** Runs `run` in a task of its own once the browser has had a chance to paint and take input; cancellable. */
function nextTask(run: () => void): () => void {
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
