import { describe, expect, it } from 'vitest';
import { runButtonLabel } from './runButtonLabel.ts';

describe('the run button label', () => {
  it.each([
    ['Run', 'Exécuter', 'Exécuter'],
    ['', 'Exécuter', 'Exécuter'],
    [undefined, 'Run', 'Run'],
    ['Forecast now', 'Exécuter', 'Forecast now'],
    ['run', 'Exécuter', 'run'],
  ])('%j in a language whose Run is %j shows %j', (text, run, shown) => {
    expect(runButtonLabel(text, run)).toBe(shown);
  });
});
