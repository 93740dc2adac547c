import type { PackageEvent } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { packageNotice } from './packageEvents.ts';

const event = (kind: PackageEvent['kind'], phase: PackageEvent['phase']): PackageEvent => ({
  _id: '0123456789abcdef01234567',
  name: 'stats',
  status: 'built',
  kind,
  phase,
  message: null,
});

describe('which notice a package event raises', () => {
  it.each([
    ['upload', 'started', undefined],
    ['upload', 'succeeded', { key: 'uploaded', color: 'green', ms: 7000 }],
    ['upload', 'failed', { key: 'uploadFailed', color: 'red', ms: 7000 }],
    ['update', 'succeeded', { key: 'uploaded', color: 'green', ms: 7000 }],
    ['env', 'started', { key: 'envStarted', color: 'blue', ms: 3000 }],
    ['env', 'succeeded', { key: 'envSucceeded', color: 'green', ms: 4000, actions: [] }],
    ['env', 'failed', { key: 'envFailed', color: 'red', ms: false, actions: [] }],
    ['dependencies', 'started', { key: 'dependenciesStarted', color: 'blue', ms: 3000 }],
    [
      'dependencies',
      'succeeded',
      { key: 'dependenciesSucceeded', color: 'green', ms: 4000, actions: ['commitChanges'] },
    ],
    ['dependencies', 'failed', { key: 'dependenciesFailed', color: 'red', ms: false, actions: [] }],
    ['commit', 'succeeded', { key: 'commitSucceeded', color: 'green', ms: 4000, actions: [] }],
    ['commit', 'started', { key: 'commitStarted', color: 'blue', ms: 3000 }],
    [
      'commit',
      'failed',
      { key: 'commitFailed', color: 'red', ms: false, actions: ['revertChanges', 'continueEditing'] },
    ],
    [null, 'updated', undefined],
  ] as const)('%s %s', (kind, phase, notice) => {
    expect(packageNotice(event(kind, phase))).toEqual(notice);
  });
});
