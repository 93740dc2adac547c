import { PREVIEW, type PreviewState } from '@tessera/shared';

/**
 * What a data app card's image area shows: 'New dashboard' for under
 * 10 s after creation (nothing is asked yet: the first render is not ready that fast); afterwards the image
 * once a url is known, else 'Generating preview...' while the card keeps asking every 5 s.
 */
export type PreviewPhase = 'new' | 'ready' | 'generating' | 'failed';

export function previewPhase(timeCreated: string, now: number, preview: PreviewState | undefined): PreviewPhase {
  if (msLeftAsNew(timeCreated, now) > 0) return 'new';
  if (preview?.url) return 'ready';
  // A failed render is still asked for every 5 s: Update Dashboard Preview (here or by another editor) starts
  // a new one and the card picks it up without a reload.
  return preview?.status === 'failed' ? 'failed' : 'generating';
}

/** How long the card still shows 'New dashboard' (0 once the window is over, or for an unreadable date). */
export function msLeftAsNew(timeCreated: string, now: number): number {
  const created = Date.parse(timeCreated);
  if (Number.isNaN(created)) return 0;
  return Math.max(0, created + PREVIEW.newWindowMs - now);
}
