import { describe, expect, it } from 'vitest';
import { chartsDrawn } from './drawnState.ts';

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
