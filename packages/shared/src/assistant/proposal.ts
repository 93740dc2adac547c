import { z } from 'zod';
import { OPERATIONS, operationFits, storedOperation } from '../dashboards/operations.ts';
import { defaultChartVis } from '../dashboards/vis.ts';
import { CHART_TYPES, type ChartVis, chartVisSchema } from '../dashboards/visSchemas.ts';
import type { DatePrecision, FeatureType } from '../datasets/types.ts';
import { id } from '../http/ids.ts';

/**
 * A card the assistant proposes (its `propose_card` tool): a chart of one dataset of the project, described by
 * the features it maps, turned into a vis that the shared vis schema validates. The service never writes a vis
 * directly: it names features by id and operations from the menus, and `visFromProposal` builds the rest.
 */

export const PROPOSE_CARD_TOOL = 'propose_card';

const mapped = z.object({ featureId: id, operation: z.enum(OPERATIONS).optional() }).strict();

export const cardProposalSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    chartType: z.enum(CHART_TYPES),
    x: mapped,
    y: z.array(mapped).min(1).max(5),
    groupBy: z.object({ featureId: id }).strict().optional(),
  })
  .strict();
export type CardProposal = z.infer<typeof cardProposalSchema>;

/** A proposed card once checked: its title and the vis to draw and to save. */
export const proposedCardSchema = z.object({
  title: z.string(),
  type: z.literal('chart'),
  vis: z.record(z.string(), z.unknown()),
});
export type ProposedCard = z.infer<typeof proposedCardSchema>;

/** What the server knows of a feature of the project, to check a proposal against. */
export interface CatalogFeature {
  _id: string;
  datasetId: string;
  type: FeatureType;
  precision: DatePrecision | null;
}

/** The JSON schema of the tool's arguments, as the service reads it. */
export const proposeCardParameters = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'chartType', 'x', 'y'],
  properties: {
    title: { type: 'string', description: 'A short title for the card' },
    chartType: { type: 'string', enum: [...CHART_TYPES] },
    x: {
      type: 'object',
      description: 'The independent axis: a feature id, with a date part (month, year...) or bin to group by',
      required: ['featureId'],
      properties: { featureId: { type: 'string' }, operation: { type: 'string', enum: [...OPERATIONS] } },
    },
    y: {
      type: 'array',
      description: 'The dependent values: feature ids of the same dataset with an aggregation (avg, sum, max...)',
      items: {
        type: 'object',
        required: ['featureId'],
        properties: { featureId: { type: 'string' }, operation: { type: 'string', enum: [...OPERATIONS] } },
      },
    },
    groupBy: { type: 'object', properties: { featureId: { type: 'string' } }, required: ['featureId'] },
  },
} as const;

export type ProposalResult = { ok: true; card: ProposedCard } | { ok: false; error: string };

/**
 * Builds and checks the vis of a proposal: every feature must be one of the catalog's (the project's), all of one
 * dataset, each operation must fit its feature's type, and the result must pass `chartVisSchema`.
 */
export function visFromProposal(raw: unknown, catalog: ReadonlyMap<string, CatalogFeature>): ProposalResult {
  const parsed = cardProposalSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `invalid arguments: ${parsed.error.issues[0]?.message ?? ''}` };
  const proposal = parsed.data;
  const entries: Array<{ key: string; featureId: string; operation?: string; aggregated: boolean }> = [
    { key: 'x', featureId: proposal.x.featureId, operation: proposal.x.operation, aggregated: false },
    ...proposal.y.map((y, i) => ({
      key: `y${i + 1}`,
      featureId: y.featureId,
      operation: y.operation,
      aggregated: true,
    })),
    ...(proposal.groupBy ? [{ key: 'group', featureId: proposal.groupBy.featureId, aggregated: false }] : []),
  ];
  const datasets = new Set<string>();
  for (const entry of entries) {
    const feature = catalog.get(entry.featureId);
    if (!feature) return { ok: false, error: `unknown feature ${entry.featureId}` };
    datasets.add(feature.datasetId);
    const operation = storedOperation((entry.operation ?? 'none') as never);
    if (!operationFits(feature.type, operation, feature.precision)) {
      return {
        ok: false,
        error: `operation ${entry.operation} does not fit the ${feature.type} feature ${feature._id}`,
      };
    }
  }
  if (datasets.size !== 1) return { ok: false, error: 'the features must all be of one dataset' };
  const series = (entry: (typeof entries)[number]) => {
    const feature = catalog.get(entry.featureId)!;
    return {
      id: entry.key,
      feature: { _id: feature._id, dataset: { _id: feature.datasetId } },
      jobId: 'latest',
      operation: storedOperation((entry.operation ?? 'none') as never),
    };
  };
  const [x, ...rest] = entries;
  const ys = rest.filter((e) => e.key !== 'group');
  const group = rest.find((e) => e.key === 'group');
  const vis = {
    ...defaultChartVis(),
    chartType: proposal.chartType,
    independent: [{ series: [series(x)] }],
    dependent: [{ series: ys.map(series) }],
    groupBy: group ? [{ series: [series(group)] }] : [],
  };
  const checked = chartVisSchema.safeParse(vis);
  if (!checked.success) return { ok: false, error: `invalid vis: ${checked.error.issues[0]?.message ?? ''}` };
  const card: ProposedCard = { title: proposal.title, type: 'chart', vis: checked.data as ChartVis };
  return { ok: true, card };
}
