import { createContext, useContext } from 'react';
import type { DashboardPlace } from './paths.ts';

/**
 * How the dashboard screen behaves where it is shown: inside a project (editable with the dashboard edit
 * role), on the public page (read-only, no card menu) or on
 * the preview page the server screenshots (read-only, first rows only, fixed width).
 */
export interface DashboardMode {
  place: DashboardPlace;
  /** Dashboard edit role in a project; never on public or preview pages. */
  canEdit: boolean;
  /** The card menu is hidden for public accounts. */
  cardMenu: boolean;
  /** The preview page: cards with y up to 3 on a 12-column grid 1180 wide. */
  preview: boolean;
  /** The export page the server prints (PDF) or takes (PNG): charts are drawn as SVG, vectors in the PDF. */
  exporting?: boolean;
}

export const DashboardModeContext = createContext<DashboardMode>({
  place: { kind: 'public' },
  canEdit: false,
  cardMenu: false,
  preview: false,
});

export const useDashboardMode = () => useContext(DashboardModeContext);

/** The project id when the dashboard is shown inside a project (the mapping editor lives there). */
export function placeProjectId(place: DashboardPlace): string | null {
  return place.kind === 'project' ? place.projectId : null;
}

/**
 * Whom the dashboard speaks to: editors (how to add and map cards), members who read it (what they may not do),
 * or visitors of the public page and the preview renderer's page (the image on the list), who are told
 * nothing addressed to editors or members (no lock, no 'Without edit access...').
 */
export function useDashboardAudience(): 'editor' | 'reader' | 'visitor' {
  const { place, canEdit } = useDashboardMode();
  if (place.kind !== 'project') return 'visitor';
  return canEdit ? 'editor' : 'reader';
}
