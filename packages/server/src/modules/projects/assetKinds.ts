import { meetsLevel, type ProjectArea } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { effectiveProjectRoles, type ProjectContext } from '../../platform/projectAccess.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';

/**
 * One kind of asset that Transfer Assets can move between projects: an extension point of the
 * projects module. Each area's module exports its kind (datasets' `datasetAssetKind`), and app.ts hands the
 * list to `projectsModule({ assetKinds: [...] })`, e.g.
 *
 *   export const datasetAssetKind: AssetKind = { key: 'datasets', area: 'dataset', move: (tx, ids, from, to) => ... };
 */
export interface AssetKind {
  /** The id list's key in the request body (`datasets`). */
  key: string;
  /** The area whose edit role the caller needs in both projects. */
  area: ProjectArea;
  /**
   * Moves the assets with these ids (distinct) that belong to `fromProjectId` over to `toProjectId`, with
   * whatever hangs on them, inside the transaction `tx`; answers how many it moved. Ids that are not in
   * `fromProjectId` must be left alone (the transfer then answers 404 and rolls everything back).
   */
  move(tx: Db, ids: string[], fromProjectId: string, toProjectId: string): Promise<number>;
}

/**
 * Moves the requested assets of every kind from one project to another, all or nothing: each kind needs edit
 * on its area in both projects (else 403, nothing moved), every id must belong to the source project (else
 * 404, nothing moved). The caller's rights on the source are `from` (checked by the route's rule).
 */
export async function transferAssets(
  { db, realtime }: { db: Db; realtime: RealtimeGateway },
  assetKinds: readonly AssetKind[],
  user: AuthUser['user'],
  from: ProjectContext,
  toProjectId: string,
  request: Record<string, string[] | undefined>,
): Promise<Record<string, number>> {
  if (toProjectId === from.id) throw badRequest('project.sameProject', { toProjectId: 'project.sameProject' });
  const to = await effectiveProjectRoles(db, user, toProjectId);
  if (!to) throw notFound('project.notFound');

  const kinds = new Map(assetKinds.map((kind) => [kind.key, kind]));
  const plan: Array<{ kind: AssetKind; ids: string[] }> = [];
  for (const [key, ids] of Object.entries(request)) {
    if (!ids || ids.length === 0) continue;
    const kind = kinds.get(key);
    if (!kind) throw badRequest('project.unknownAssetKind', { [key]: 'project.unknownAssetKind' });
    if (!meetsLevel(from.roles[kind.area], 'edit') || !meetsLevel(to.roles[kind.area], 'edit')) {
      throw forbidden({ code: 'project.transferRights', params: { area: kind.area, key } });
    }
    plan.push({ kind, ids: [...new Set(ids)] });
  }

  const moved: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const { kind, ids } of plan) {
      const count = await kind.move(tx, ids, from.id, toProjectId);
      if (count !== ids.length) throw notFound({ code: 'project.assetsNotFound', params: { key: kind.key } });
      moved[kind.key] = count;
    }
  });

  for (const { kind, ids } of plan) {
    const event = { fromProjectId: from.id, toProjectId, assets: { [kind.key]: ids } };
    // Each kind is told only to the members who can see its area, in both projects.
    realtime.emit(from.id, 'assets:transferred', event, { area: kind.area });
    realtime.emit(toProjectId, 'assets:transferred', event, { area: kind.area });
  }
  return moved;
}
