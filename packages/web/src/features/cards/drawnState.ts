/**
 * Whether the chart cards on a page have drawn, read from the page itself: the preview page (the list image's
 * screenshot) waits for it after the cards' data has answered. A chart card's body in its view state carries
 * `data-kind="chart"`; its chart container gets `data-drawn="true"` once ECharts has drawn (or the card found its
 * data too much to draw).
 */
export const DRAWN_ATTRIBUTE = 'data-drawn';

export function chartsDrawn(root: ParentNode): boolean {
  const bodies = root.querySelectorAll('[data-testid="card-body"][data-state="view"][data-kind="chart"]');
  return Array.from(bodies).every((body) => body.querySelector(`[${DRAWN_ATTRIBUTE}="true"]`) !== null);
}

/** The attributes whose changes can make a page drawn: a card body's state, a chart's drawn mark. */
const WATCHED = ['data-state', DRAWN_ATTRIBUTE];

/** Whether no card of a page is loading and every chart card's chart has drawn (true for a page with no cards). */
export function cardsDrawn(root: ParentNode): boolean {
  return root.querySelector('[data-testid="card-body"][data-state="loader"]') === null && chartsDrawn(root);
}

/**
 * Calls `then` once, as soon as the page under `root` has drawn its cards (see cardsDrawn), or after `capMs`,
 * whichever comes first (answers that are slow, a chart that never draws). Answers a function that cancels it.
 */
export function whenCardsDrawn(root: Node & ParentNode, capMs: number, then: () => void): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(cap);
    then();
  };
  const observer = new MutationObserver(() => {
    if (cardsDrawn(root)) finish();
  });
  const cap = setTimeout(finish, capMs);
  if (cardsDrawn(root)) finish();
  else observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: WATCHED });
  return () => {
    done = true;
    observer.disconnect();
    clearTimeout(cap);
  };
}
