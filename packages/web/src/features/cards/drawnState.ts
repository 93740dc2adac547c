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
