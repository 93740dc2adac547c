import type { SeriesMeta, Unit, UnitData } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { formatValue, useDashboardMode } from '../canvas/index.ts';
import type { Clicked, CrossFilterEntry } from './crossFilterEntries.ts';
import { useCrossFilters } from './useCrossFilters.ts';

export interface CardCrossFilter {
  /** The card's elements select (cross-filtering on, not the preview renderer's page). */
  active: boolean;
  /** The card's own entries (its highlighted selection). */
  own: CrossFilterEntry[];
  /** A feature's name in the card's answer. */
  featureName: (featureId: string) => string;
  /** A value as the card shows it. */
  format: (value: unknown, meta: SeriesMeta) => string;
  /** Toggles a clicked element's value (`adding`: shift, ctrl or ⌘ held). */
  select: (clicked: Clicked | undefined, adding: boolean) => void;
}

/** A card as a cross-filter source (docs/cross-filters.md): what a click on one of its elements selects. */
export function useCardCrossFilter(unit: Unit, data: UnitData | undefined): CardCrossFilter {
  const { place } = useDashboardMode();
  const { t, i18n } = useTranslation('dashboards');
  const cross = useCrossFilters(unit.dashboardId, unit.tabId);
  const locale = i18n.resolvedLanguage ?? 'en';
  const features = data?.features ?? [];
  return {
    active: cross.enabled && place.kind !== 'preview' && data !== undefined,
    own: cross.ownOf(unit._id),
    featureName: (featureId) => features.find((f) => f._id === featureId)?.name ?? '',
    format: (value, meta) =>
      formatValue(
        value,
        meta,
        features.find((f) => f._id === meta.featureId),
        locale,
      ),
    select: (clicked, adding) => {
      if (clicked) cross.toggle({ unitId: unit._id, card: unit.name || t('card.untitled') }, clicked, adding);
    },
  };
}
