import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage/index.ts';

/**
 * Files an area keeps under DATA_DIR for its assets, which outlive their rows unless removed: an extension point
 * of the projects module. Deleting a project reads every kind's ids, deletes the rows (the foreign keys'
 * cascades), then removes the files. Each area's module exports its kind (datasets' segments, dashboards'
 * preview images), and app.ts hands the list to `projectsModule({ projectFiles: [...] })`.
 */
export interface ProjectFiles {
  /** The ids of the project's assets that may have files (read before the project's rows go). */
  list(db: Db, projectId: string): Promise<string[]>;
  /**
   * Removes one asset's files (from the shared storage; areas not moved onto keys yet under its `root`), and
   * what this node keeps of them under its DATA_DIR (`dataDir`).
   */
  remove(storage: Storage, id: string, dataDir: string): Promise<void>;
}
