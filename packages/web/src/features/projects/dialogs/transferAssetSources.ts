import { api, meetsLevel, type ProjectArea, type ProjectRoles } from '@tessera/shared';
import { call } from '../../../api/client.ts';

/** An asset as Transfer Assets lists it. */
export interface TransferableAsset {
  _id: string;
  name: string;
}

/**
 * One kind of asset the Transfer Assets dialog offers (the web side of the server's asset kinds: each module's
 * `AssetKind` (modules/projects/assetKinds.ts), listed in `serverModules()` in app.ts). Each later area adds its
 * kind below with a test:
 *
 *   { key: 'datasets', area: 'dataset', list: (projectId) => call(api.listDatasets, { params: { projectId } }) }
 */
export interface TransferAssetSource {
  /** The id list's key in the transfer's body. */
  key: api.TransferAssetKey;
  /** The area whose edit role the caller needs in both projects. */
  area: ProjectArea;
  /** The project's assets of this kind. */
  list(projectId: string): Promise<TransferableAsset[]>;
}

/**
 * The kinds registered so far. Empty until the areas exist: dashboards (data apps), datasets, packages, models
 * and forms come with their issues, and the dialog then lists them without any change of its own.
 */
export const TRANSFER_ASSET_SOURCES: readonly TransferAssetSource[] = [
  // Data apps (dashboards and reports) move with their tabs and cards.
  { key: 'dashboards', area: 'dashboard', list: (projectId) => call(api.listDashboards, { query: { projectId } }) },
  // Datasets move with their features, folders membership and data.
  { key: 'datasets', area: 'dataset', list: (projectId) => call(api.listDatasets, { query: { projectId } }) },
  // Forms move with their Form Responses dataset.
  { key: 'forms', area: 'form', list: (projectId) => call(api.listForms, { query: { projectId } }) },
];

/** A kind can be moved only where the caller holds edit on its area in both projects. */
export function canTransferKind(area: ProjectArea, from: ProjectRoles, to: ProjectRoles | undefined): boolean {
  return meetsLevel(from[area], 'edit') && (to === undefined || meetsLevel(to[area], 'edit'));
}
