import { describe, expect, it } from 'vitest';
import { swapAxes, swapReason } from './swap.ts';
import { axis, CAT, chart, DATE, NUM, NUM2, series } from './testFixtures.ts';

const num = (id: string, operation = '') => series(NUM, id, { operation: operation as never });
const cat = (id: string, operation = '') => series(CAT, id, { operation: operation as never });

describe('axis swap', () => {
  it.each([
    ['numeric X alone', 'line', [num('x')], [], 'numericIndependentAlone'],
    ['a count on X alone is numeric', 'line', [cat('x', 'count')], [], 'numericIndependentAlone'],
    ['a binned number on X alone stays', 'line', [num('x', 'bin')], [], null],
    ['a category on X alone stays', 'line', [cat('x')], [], null],
    ['a date on X alone stays', 'area', [series(DATE, 'x')], [], null],
    ['non-numeric Y alone', 'line', [], [cat('y')], 'nonNumericDependentAlone'],
    ['non-numeric Y alone on scatter', 'scatter', [], [cat('y')], 'nonNumericDependentAlone'],
    ['numeric Y alone stays', 'line', [], [num('y')], null],
    ['line: category Y with numeric X', 'line', [num('x')], [cat('y')], 'nonNumericDependent'],
    ['area: category Y with numeric X', 'area', [num('x')], [cat('y')], 'nonNumericDependent'],
    ['bar: category Y with numeric X', 'bar', [num('x')], [cat('y')], 'nonNumericDependent'],
    ['boxplot: category Y with numeric X', 'boxplot', [num('x')], [cat('y')], 'nonNumericDependent'],
    ['scatter keeps category Y with numeric X', 'scatter', [num('x')], [cat('y')], null],
    ['more X than Y series', 'line', [cat('x1'), cat('x2')], [num('y')], 'moreIndependent'],
    ['as many X as Y stays', 'line', [cat('x')], [num('y')], null],
    ['pie never swaps (numeric X alone)', 'pie', [num('x')], [], null],
    ['pie never swaps (category Y alone)', 'pie', [], [cat('y')], null],
    ['radar never swaps (numeric X alone)', 'radar', [num('x')], [], null],
    ['radar never swaps (more X than Y)', 'radar', [cat('a'), cat('b')], [num('y')], null],
    ['nothing mapped', 'line', [], [], null],
  ] as const)('%s', (_name, chartType, independent, dependent, expected) => {
    const vis = chart(chartType, {
      independent: independent.length ? [axis(...independent)] : [],
      dependent: dependent.length ? [axis(...dependent)] : [],
    });
    expect(swapReason(vis)).toBe(expected);
  });

  it('swapping switches the axes and resets every moved series display', () => {
    const vis = chart('line', {
      independent: [axis(series(NUM, 'x', { display: { hasDot: true, lineWidth: 6 } }))],
      dependent: [axis(series(NUM2, 'y', { display: { dotSize: 20 } }), series(CAT, 'y2'))],
    });
    const swapped = swapAxes(vis);
    expect(swapped.independent[0]!.series.map((s) => s.id)).toEqual(['y', 'y2']);
    expect(swapped.dependent[0]!.series.map((s) => s.id)).toEqual(['x']);
    for (const s of [...swapped.independent[0]!.series, ...swapped.dependent[0]!.series]) {
      expect(s.display).toBeUndefined();
    }
    expect(vis.independent[0]!.series[0]!.display).toEqual({ hasDot: true, lineWidth: 6 });
  });
});
