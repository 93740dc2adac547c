/** Business constants and messages of the datasets area, used by the web and the server. */

/** Rows per page of the Data tab. */
export const DATASET_PAGE_SIZE = 50;
/** The largest page `POST /datasets/{id}/data` answers (exports and charts page with it). */
export const DATASET_DATA_MAX_LIMIT = 1000;
/** Uploads must be under this many bytes ("size under 2,000,000,000 bytes"). */
export const MAX_UPLOAD_BYTES = 2_000_000_000;
/**
 * Columns a CSV may have to be imported. Import memory is bounded whatever the width (analytics/detect.ts works
 * in slices of columns), but time grows with it: 1,000 columns of two rows take ~10 s on the 2-core reference
 * machine. Beyond, the import fails with `tooManyColumns(n)`.
 */
export const MAX_IMPORT_COLUMNS = 1000;
/** The import's failure for a file wider than MAX_IMPORT_COLUMNS, in the style of 'file too large' / 'Max size'. */
export const tooManyColumns = (columns: number) =>
  ({
    code: 'ingest.tooManyColumns',
    params: { count: columns.toLocaleString('en-US'), max: MAX_IMPORT_COLUMNS.toLocaleString('en-US') },
  }) as const;
/** Values in a feature preview (the Features tab and the type dialog). */
export const FEATURE_PREVIEW_SIZE = 10;
/** Placeholders the Features tab shows while loading. */
export const FEATURE_LOADER_PLACEHOLDERS = 15;
/** The upload queue shows expanded when one of this many newest jobs is continue or active. */
export const UPLOAD_QUEUE_NEWEST = 3;
/** How long the "imported" notice stays (upload notices: 7 s). */
export const IMPORTED_NOTICE_MS = 7000;

export const ACCEPTED_EXTENSION = '.csv';

/** The spec's exact wording. */
export const DATASET_MESSAGES = {
  wrongFileType: 'wrong file type',
  accepted: 'Accepted: .csv',
  fileTooLarge: 'file too large',
  maxSize: 'Max size: 2 GB',
  fileRequired: 'Required',
  leaveWhileUploading: 'A dataset is still uploading, do you want to leave the page?',
  typeChangeWarning: 'could break existing charts',
  noFolders: 'No Folders',
  noDatasets: 'No datasets.',
} as const;

/** Server messages of the datasets area. */
export const DATASET_ERRORS = {
  notFound: 'Dataset not found',
  featureNotFound: 'Feature not found',
  folderNotFound: 'Folder not found',
  jobNotFound: 'Job not found',
  notAFile: 'Only a file dataset takes uploads and appends.',
  alreadyUploaded: 'This dataset already has data: append a file to it instead.',
  notImported: 'This dataset has no data yet: upload a file first.',
  uploadRunning: 'A file is still being imported into this dataset.',
  folderNameTaken: 'A folder with this name already exists',
  joinSameProject: 'Both datasets must be in the same project as the joined dataset.',
  joinSourceMissing: 'A dataset this joined dataset reads from no longer exists in this project.',
  joinColumnMissing: 'A join column of this joined dataset no longer exists.',
  usedByJoin: 'This dataset is used by a joined dataset; delete the joined dataset first.',
  interrupted: 'The import was interrupted.',
  cancelledByUser: 'The upload was cancelled.',
} as const;
