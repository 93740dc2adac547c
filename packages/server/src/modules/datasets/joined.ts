import { JOIN_PREFIX } from '@tessera/analytics';
import type { JoinSource } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type DatasetRow, findDataset } from './datasets.store.ts';
import { type FeatureRow, listFeatures, type NewFeatureRow } from './features/features.store.ts';

const field = 'source.join';

/**
 * Checks a join and derives the joined dataset's features: every feature
 * of the left dataset then of the right one, on the columns `joinedSource` names (`l_{db}`, `r_{db}`), with the
 * source feature's name, type and description. A name both sides use is prefixed with its dataset's name.
 * Both datasets must be imported datasets of the joined dataset's project; the pairs must be their features.
 */
export async function planJoin(
  db: Db,
  projectId: string,
  join: JoinSource,
): Promise<{ left: DatasetRow; right: DatasetRow; features: Omit<NewFeatureRow, 'datasetId'>[] }> {
  const [step, rightRef] = join;
  if (step._id === rightRef._id) throw badRequest('dataset.joinDifferent', { [field]: 'dataset.joinDifferent' });
  const [left, right] = await Promise.all([findDataset(db, step._id), findDataset(db, rightRef._id)]);
  if (!left || !right || left.projectId !== projectId || right.projectId !== projectId) {
    throw badRequest('dataset.joinSameProject', { [field]: 'dataset.joinSameProject' });
  }
  const [leftFeatures, rightFeatures] = await Promise.all([listFeatures(db, left.id), listFeatures(db, right.id)]);
  if (!leftFeatures.length || !rightFeatures.length) {
    throw badRequest('dataset.joinNeedsData', { [field]: 'dataset.joinNeedsData' });
  }
  const leftIds = new Set(leftFeatures.map((f) => f.id));
  const rightIds = new Set(rightFeatures.map((f) => f.id));
  step.on.forEach(([l, r], i) => {
    if (!leftIds.has(l) || !rightIds.has(r)) {
      throw badRequest('dataset.joinColumns', {
        [`${field}.0.on.${i}`]: 'dataset.joinColumns',
      });
    }
  });

  const leftNames = new Set(leftFeatures.map((f) => f.name));
  const rightNames = new Set(rightFeatures.map((f) => f.name));
  const used = new Set<string>();
  const derive = (f: FeatureRow, dataset: DatasetRow, prefix: string, otherNames: Set<string>, index: number) => {
    let name = otherNames.has(f.name) ? `${dataset.name}.${f.name}` : f.name;
    for (let k = 2; used.has(name); k++)
      name = `${otherNames.has(f.name) ? `${dataset.name}.${f.name}` : f.name} (${k})`;
    used.add(name);
    return {
      id: newId(),
      name,
      type: f.type,
      detectedType: f.detectedType,
      precision: f.precision,
      description: f.description,
      hidden: f.hidden,
      listIndex: index,
      dbName: `${prefix}${f.dbName}`,
      physicalType: f.physicalType,
      stats: { min: null, max: null, avg: null },
      preview: [],
    };
  };
  const features = [
    ...leftFeatures.map((f, i) => derive(f, left, JOIN_PREFIX.left, rightNames, i)),
    ...rightFeatures.map((f, i) => derive(f, right, JOIN_PREFIX.right, leftNames, leftFeatures.length + i)),
  ];
  return { left, right, features };
}
