import { describe, expect, it } from 'vitest';
import { failureSummary, hasTraceback } from './failure.ts';

const TRACEBACK = `Traceback (most recent call last):
  File "model.py", line 4, in broken
    raise ValueError("no good " + str(x))
ValueError: no good 7
`;
const CHAINED = `Traceback (most recent call last):
  File "model.py", line 2, in f
KeyError: 'a'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "model.py", line 4, in f
RuntimeError: no a
`;

describe('failureSummary', () => {
  it.each([
    [TRACEBACK, 'ValueError: no good 7', true],
    [CHAINED, 'RuntimeError: no a', true],
    ["Input 'n' is not a valid integer: 'many'", "Input 'n' is not a valid integer: 'many'", false],
    [
      'The run was stopped: it used more than its memory limit of 256 MB.\n\n',
      'The run was stopped: it used more than its memory limit of 256 MB.',
      false,
    ],
    ['', '', false],
    [null, '', false],
  ])('%j → %j', (error, summary, more) => {
    expect(failureSummary(error)).toBe(summary);
    expect(hasTraceback(error)).toBe(more);
  });
});
