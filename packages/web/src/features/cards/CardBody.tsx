import { Box, Center, Loader } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Unit } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { CardPlaceholder } from '../canvas/index.ts';
import type { Clicked } from '../crossFilters/index.ts';
import { CardChart } from './CardChart.tsx';
import { KpiView } from './kpi/KpiView.tsx';
import { TableView } from './table/TableView.tsx';
import type { CardData } from './useCardData.ts';

interface Props {
  unit: Unit;
  card: CardData;
  /** The card's height in grid rows (the placeholder icon needs 150 px). */
  h: number | undefined;
  /** Editors are told how to finish an empty card. */
  showFinishHint: boolean;
  /** A chart card shows its data as a table ("Show as table"). */
  asTable?: boolean;
  /** Told the chart element the keyboard focused (the card menu's "View rows" drills into it). */
  onFocusElement?: (clicked: Clicked[] | undefined) => void;
}

/**
 * A typed card's body: the empty placeholder, the loader, an error or no-data
 * placeholder, or the card's view — chart, KPI, table or custom — drawn at the body's measured size.
 */
export function CardBody({ unit, card, h, showFinishHint, asTable = false, onFocusElement }: Props) {
  const { t } = useTranslation('cards');
  const { ref, width, height } = useElementSize();
  const { body } = card;

  const content = () => {
    if (body.kind === 'loader') {
      return (
        <Center h="100%">
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      );
    }
    if (body.kind === 'placeholder') {
      return <CardPlaceholder code={body.code} cause={body.cause} unit={unit} h={h} showFinishHint={showFinishHint} />;
    }
    switch (unit.type) {
      case 'kpi':
        return body.data ? <KpiView unit={unit} data={body.data} width={width} height={height} /> : null;
      case 'table':
        return body.data ? (
          <TableView
            unit={unit}
            data={body.data}
            loading={card.loadingNext}
            sort={card.sort}
            onSort={card.toggleSort}
            onPage={card.setPage}
          />
        ) : null;
      case 'chart':
      case 'custom':
        // Charts need their size: nothing is drawn until the body is measured.
        if (width === 0 || height === 0) return null;
        return (
          <CardChart
            unit={unit}
            data={body.data}
            width={width}
            height={height}
            h={h}
            asTable={asTable && unit.type === 'chart'}
            onFocusElement={onFocusElement}
          />
        );
      default:
        return null;
    }
  };

  return (
    <Box
      ref={ref}
      h="100%"
      data-testid="card-body"
      data-state={body.kind}
      data-kind={unit.type}
      data-fetching={card.fetching}
    >
      {content()}
    </Box>
  );
}
