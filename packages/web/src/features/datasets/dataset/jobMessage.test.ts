import { COLORS } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { jobStatusColor } from './jobMessage.ts';

describe('a job’s status colour', () => {
  it('colours failed jobs red and completed ones green (the palette)', () => {
    expect(jobStatusColor('failed')).toBe('#D94E4E');
    expect(jobStatusColor('completed')).toBe('#00C48B');
    expect([COLORS.error, COLORS.success]).toEqual(['#D94E4E', '#00C48B']);
    expect(jobStatusColor('active')).toBe('blue');
  });
});
