import { describe, expect, it } from 'vitest';
import { msLeftAsNew, previewPhase } from './previewState.ts';

const created = '2025-01-01T10:00:00.000Z';
const at = (seconds: number) => Date.parse(created) + seconds * 1000;

describe('data app card image', () => {
  it("shows 'New dashboard' for under 10 s after creation, whatever the preview says", () => {
    expect(previewPhase(created, at(0), { url: null, status: 'new' })).toBe('new');
    expect(previewPhase(created, at(9.9), { url: '/x.png', status: 'ready' })).toBe('new');
    expect(msLeftAsNew(created, at(4))).toBe(6000);
  });

  it('then shows the image once a url is known, else generating (or failed)', () => {
    expect(previewPhase(created, at(10), { url: null, status: 'pending' })).toBe('generating');
    expect(previewPhase(created, at(10), undefined)).toBe('generating');
    expect(previewPhase(created, at(60), { url: '/p.png?v=1', status: 'ready' })).toBe('ready');
    expect(previewPhase(created, at(60), { url: null, status: 'failed' })).toBe('failed');
    expect(msLeftAsNew(created, at(60))).toBe(0);
  });
});
