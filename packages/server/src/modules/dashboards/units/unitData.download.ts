import { toCsv } from '@tessera/analytics';
import type { SeriesMeta } from '@tessera/shared';
import { badRequest, HttpError } from '../../../platform/errors.ts';
import { downloadFileName } from '../../datasets/index.ts';
import { CARD_ERROR_MESSAGES } from './unitData.errors.ts';
import type { Card, UnitDataService } from './unitData.service.ts';

/**
 * Download (card menu): every row of the card (all of a table's pages) with the saved filters of its
 * dashboard and tab, as CSV text in `data`; the header names each series by its label, else its feature's name
 * with its operation. Over MAX_CARD_ROWS rows the download is refused (400 'too-much-data').
 */
export async function downloadCard(
  data: UnitDataService,
  card: Card,
  query: { tabId?: string; jobId?: string },
  now = new Date(),
): Promise<{ data: string; fileName: string }> {
  const { answer, rows } = await data.compute(card, query, { allRows: true });
  if (answer.error) {
    const message = CARD_ERROR_MESSAGES[answer.error.code];
    throw answer.error.code === 'too-much-data' ? new HttpError('too-much-data', message) : badRequest(message);
  }
  const names = new Map(answer.features.map((f) => [f._id, f.name]));
  const labels = seriesLabels(card.vis);
  const series = new Map<string, SeriesMeta>(answer.series.map((s) => [s.id, s]));
  const header = (id: string) => {
    const meta = series.get(id);
    if (labels.get(id)) return labels.get(id)!;
    if (!meta) return id;
    return `${names.get(meta.featureId) ?? meta.label}${meta.operation ? ` (${meta.operation})` : ''}`;
  };
  return { data: rows ? toCsv(rows, header) : '', fileName: cardFileName(card, now) };
}

/** `{card name or type}-{YYYYMMDD-HHmmss}.csv` (UTC), without characters file systems refuse. */
export function cardFileName(card: Pick<Card, 'name' | 'type'>, at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp =
    `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}-` +
    `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
  const prefix = card.name.trim() || card.type || 'card';
  return downloadFileName(`${prefix}-${stamp}`);
}

/** The labels the user gave series in the vis (`{id, label}` anywhere in it), by series id. */
function seriesLabels(vis: unknown): Map<string, string> {
  const labels = new Map<string, string>();
  const stack: unknown[] = [vis];
  while (stack.length) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string' && typeof record.label === 'string' && record.label.trim()) {
      labels.set(record.id, record.label);
    }
    stack.push(...Object.values(record));
  }
  return labels;
}
