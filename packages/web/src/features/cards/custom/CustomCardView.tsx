import type { Unit, UnitData, Vis } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { CardPlaceholder } from '../../canvas/index.ts';
import { subtypeOf, textOf } from './customVis.ts';
import { EditableTableView } from './EditableTableView.tsx';
import { HtmlFrame } from './HtmlFrame.tsx';
import { ComparisonKpiView, ImageKpiView } from './KpiViews.tsx';
import { MarkdownView } from './MarkdownView.tsx';
import { NetworkView } from './NetworkView.tsx';
import { NotMappable } from './NotMappable.tsx';

export interface CustomCardViewProps {
  unit: Pick<Unit, 'type' | 'subtype' | 'vis' | 'name'>;
  /** The card's data answer (KPI answer for the KPI subtypes, chart rows for network); null when none. */
  data: UnitData | null;
  /** The body's size in pixels (undefined while unknown). */
  height: number | undefined;
  width: number | undefined;
  /** Editable tables save their rows through this (editors only); without it they are read-only. */
  onVisChange?: (vis: Vis) => void;
  /** On the mapping screen a subtype with no UI reads 'Not Mappable', elsewhere 'Error'. */
  mappingScreen?: boolean;
}

/**
 * The body of a custom (beta) card by subtype (customVis.ts documents each vis): markdown, html, image KPI,
 * comparison KPI, network and editable table; mapUnit and dash have no UI (not-mappable placeholder) and an
 * unknown subtype shows the unknown-subtype placeholder.
 */
export function CustomCardView({ unit, data, height, width, onVisChange, mappingScreen }: CustomCardViewProps) {
  const { t } = useTranslation('cardSettings');
  const kind = subtypeOf(unit);
  // CardPlaceholder counts grid rows for its icon rule (150 px or more); a body under 150 px is one short row.
  const rows = height !== undefined && height < 150 ? 1 : undefined;
  if (kind.kind === 'noUi' && mappingScreen) return <NotMappable />;
  if (kind.kind !== 'mappable') {
    const code = kind.kind === 'noUi' ? 'not-mappable' : 'unknown-subtype';
    return <CardPlaceholder code={code} unit={unit} h={rows} showFinishHint={false} />;
  }
  const vis = unit.vis;
  switch (kind.subtype) {
    case 'markdown':
      return <MarkdownView markdown={textOf(vis, 'markdown')} />;
    case 'html':
      return <HtmlFrame html={textOf(vis, 'html')} title={unit.name || t('custom.htmlTitle')} />;
    case 'imageKpi':
      return <ImageKpiView vis={vis} data={data} height={height} />;
    case 'comparisonKpi':
      return <ComparisonKpiView vis={vis} data={data} height={height} />;
    case 'network':
      return <NetworkView vis={vis} data={data} width={width} height={height} />;
    case 'editable':
      return <EditableTableView vis={vis} onSave={onVisChange} />;
  }
}
