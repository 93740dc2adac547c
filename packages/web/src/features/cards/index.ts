/**
 * Cards: a card's data and body (chart, table, KPI, custom views) as the dashboard, the mapping editor and exports
 * draw them.
 */

export { CardBody } from './CardBody.tsx';
export { cardBodyState, isBlankCard } from './cardBody.ts';
export { CustomMappingEditor } from './custom/CustomMappingEditor.tsx';
export { cardsDrawn, chartsDrawn, whenCardsDrawn } from './drawnState.ts';
export { kpiLabel } from './kpi/KpiView.tsx';
export { nextSort, sortOrderBy, type TableSort } from './table/tableState.ts';
export { type CardData, useCardData } from './useCardData.ts';
