import type { Collection } from '@tessera/shared';
import type { CollectionRow } from './collections.store.ts';

export function presentCollection(row: CollectionRow): Collection {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    projectId: row.projectId,
    user: { id: row.userId },
    timeCreated: row.timeCreated.toISOString(),
  };
}
