import { describe, expect, it, vi } from 'vitest';
import { cardsDrawn, chartsDrawn, whenCardsDrawn } from './drawnState.ts';

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const body = (state: string, kind: string, inner = '') =>
  `<div data-testid="card-body" data-state="${state}" data-kind="${kind}">${inner}</div>`;

describe('whether the chart cards of a page have drawn', () => {
  it('waits for every chart card showing its view to mark its chart drawn', () => {
    const drawn = '<div data-testid="chart-view" data-drawn="true"></div>';
    expect(chartsDrawn(page(body('view', 'chart', drawn) + body('view', 'chart', drawn)))).toBe(true);
    expect(
      chartsDrawn(page(body('view', 'chart', drawn) + body('view', 'chart', '<div data-testid="chart-view"></div>'))),
    ).toBe(false);
    // Not measured yet: nothing drawn inside.
    expect(chartsDrawn(page(body('view', 'chart')))).toBe(false);
  });

  it('does not wait for placeholders, loaders settled elsewhere, KPIs or tables', () => {
    expect(chartsDrawn(page(body('placeholder', 'chart') + body('view', 'kpi') + body('view', 'table')))).toBe(true);
    expect(chartsDrawn(page(''))).toBe(true);
  });
});

describe('waiting for a page to draw its cards', () => {
  const drawn = '<div data-testid="chart-view" data-drawn="true"></div>';

  it('knows a page whose cards are all out of their loader and whose charts have drawn', () => {
    expect(cardsDrawn(page(body('view', 'chart', drawn) + body('view', 'kpi')))).toBe(true);
    expect(cardsDrawn(page(body('view', 'chart', drawn) + body('loader', 'kpi')))).toBe(false);
    expect(cardsDrawn(page(body('view', 'chart')))).toBe(false);
    expect(cardsDrawn(page(''))).toBe(true);
  });

  it('calls back once the last card draws, at once when drawn already, and not after a cancel', async () => {
    const root = page(body('loader', 'chart'));
    document.body.append(root);
    const calls: string[] = [];
    whenCardsDrawn(root, 60_000, () => calls.push('first'));
    const cancel = whenCardsDrawn(root, 60_000, () => calls.push('cancelled'));
    cancel();
    const cardBody = root.firstElementChild as HTMLElement;
    cardBody.setAttribute('data-state', 'view');
    cardBody.innerHTML = '<div data-testid="chart-view"></div>';
    await Promise.resolve();
    expect(calls).toEqual([]);
    (cardBody.firstElementChild as HTMLElement).setAttribute('data-drawn', 'true');
    await vi.waitFor(() => expect(calls).toEqual(['first']));
    whenCardsDrawn(root, 60_000, () => calls.push('drawn already'));
    expect(calls).toEqual(['first', 'drawn already']);
    root.remove();
  });

  it('calls back after its cap when the cards never draw', async () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      whenCardsDrawn(page(body('loader', 'chart')), 3000, () => calls.push('capped'));
      vi.advanceTimersByTime(2999);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(['capped']);
    } finally {
      vi.useRealTimers();
    }
  });
});
