import type { CatalogFeature } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { rowCountsOf } from '../datasets/index.ts';
import { findProjectName, listDatasetsOf, listVisibleFeatures } from './assistant.store.ts';

/** Datasets and features a prompt describes at most (bounds the prompt on a project with very many). */
const MAX_DATASETS = 30;
const MAX_FEATURES = 100;

/** One dataset as the service sees it: names, types and summary statistics (never a row, never a preview value). */
export interface DatasetSummary {
  _id: string;
  name: string;
  rows: number;
  features: Array<{
    _id: string;
    name: string;
    type: string;
    precision?: string;
    min?: unknown;
    max?: unknown;
    avg?: number;
  }>;
}

export interface Grounding {
  system: string;
  /** The features the service may name in a proposal: exactly those it was told about. */
  catalog: Map<string, CatalogFeature>;
  datasets: DatasetSummary[];
}

/**
 * The system prompt for a project. A caller who may not see the project's datasets (dataset hidden) gets an
 * assistant that knows none of them: the prompt tells the service only what the caller could read themselves.
 */
export async function groundingOf(db: Db, projectId: string, canSeeDatasets: boolean): Promise<Grounding> {
  const projectName = (await findProjectName(db, projectId)) ?? '';
  const datasets = canSeeDatasets ? await listDatasetsOf(db, projectId, MAX_DATASETS) : [];
  const ids = datasets.map((d) => d.id);
  const [features, rows] = await Promise.all([listVisibleFeatures(db, ids), rowCountsOf(db, ids)]);
  const catalog = new Map<string, CatalogFeature>();
  const summaries: DatasetSummary[] = datasets.map((d) => ({
    _id: d.id,
    name: d.name,
    rows: rows.get(d.id) ?? 0,
    features: [],
  }));
  const byId = new Map(summaries.map((s) => [s._id, s]));
  for (const f of features) {
    const summary = byId.get(f.datasetId);
    if (!summary || summary.features.length >= MAX_FEATURES) continue;
    catalog.set(f.id, { _id: f.id, datasetId: f.datasetId, type: f.type, precision: f.precision });
    summary.features.push({
      _id: f.id,
      name: f.name,
      type: f.type,
      ...(f.precision ? { precision: f.precision } : {}),
      ...(f.stats.min !== null ? { min: f.stats.min } : {}),
      ...(f.stats.max !== null ? { max: f.stats.max } : {}),
      ...(f.stats.avg !== null ? { avg: Math.round(f.stats.avg * 1000) / 1000 } : {}),
    });
  }
  return { system: systemPrompt(projectName, summaries), catalog, datasets: summaries };
}

function systemPrompt(projectName: string, datasets: DatasetSummary[]): string {
  return [
    `You are Mobi, the assistant of the analytics project ${JSON.stringify(projectName)} in Tessera.`,
    'Answer briefly, in the language of the question.',
    datasets.length > 0
      ? 'You know the datasets of the project only by the summary below (names, feature types and statistics; ' +
        'you never see their rows). When the user asks for a chart of their data, call the propose_card tool ' +
        'with feature ids taken from this summary, all of one dataset; the application draws the card from the ' +
        'real data. Never invent an id.'
      : 'You do not know any dataset of this project.',
    'Datasets (JSON):',
    JSON.stringify(datasets),
  ].join('\n');
}
