/** Business constants and messages of source-code packages (notices). */

/** Base images a package may ask for (Python 3.7 to 3.11 slim, default 3.10). */
export const PYTHON_BASE_IMAGES = ['3.7', '3.8', '3.9', '3.10', '3.11'] as const;
export type PythonBaseImage = (typeof PYTHON_BASE_IMAGES)[number];
export const DEFAULT_BASE_IMAGE: PythonBaseImage = '3.10';
export const baseImageLabel = (version: string) => `Python ${version} slim`;

/** A package's build states (docs/writing-a-package.md). */
export const PACKAGE_STATUSES = ['uploading', 'queued', 'parsing', 'installing', 'built', 'failed'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const BUILDING_STATUSES = ['uploading', 'queued', 'parsing', 'installing'] as const satisfies PackageStatus[];
export const isBuilding = (status: string): boolean => (BUILDING_STATUSES as readonly string[]).includes(status);

/** The zip of a package: at most this many bytes uploaded. */
export const MAX_PACKAGE_UPLOAD_BYTES = 200 * 1024 * 1024;
export const PACKAGE_NAME_MAX = 100;
export const PACKAGE_DESCRIPTION_MAX = 1000;
/** A file of the code editor: at most this many characters saved. */
export const MAX_SOURCE_FILE_CHARS = 1_000_000;
/** How long notices stay (built / failed 7 s, started 3 s, success 4 s). */
export const PACKAGE_NOTICE_MS = { uploaded: 7000, started: 3000, success: 4000 } as const;

/** What a build job was started for: the notices differ. */
export const PACKAGE_BUILD_KINDS = ['upload', 'update', 'commit', 'env', 'dependencies'] as const;
export type PackageBuildKind = (typeof PACKAGE_BUILD_KINDS)[number];

/** Model input types function parameters map to (docs/writing-a-package.md). */
export const PARAM_TYPES = [
  'boolean',
  'integer',
  'float',
  'string',
  'date',
  'dictionary',
  'list',
  'dataframe',
] as const;

/** The product's exact words for each state. */
export const PACKAGE_STATUS_TEXT: Record<PackageStatus, string> = {
  uploading: 'Uploading Package...',
  queued: 'Build Queued',
  parsing: 'Parsing Functions',
  installing: 'Preparing Environment',
  built: 'Uploaded {date}',
  failed: 'Package install failed. There is an issue in your uploaded code:',
};

export const PACKAGE_MESSAGES = {
  noSourceCode: 'No source code.',
  noModels: 'No models.',
  unknownStatus: 'Unknown Status',
  uploaded: 'Source code uploaded:',
  uploadFailed: 'Source code upload failed:',
  codeLoadFailed: 'error retrieving source code, please refresh page to try again',
  codeUpdateFailed: 'error modifying source code, please refresh page to try again',
  envLoadFailed: 'error retrieving environment variables, please refresh page to try again',
  envUpdateFailed: 'error modifying environment variables, please refresh page to try again',
  dependenciesUpdateFailed: 'error modifying dependencies, please refresh page to try again',
  dashStartFailed: 'Failed to start Dash application',
  sourceNotFound: 'Source not found',
  zipOnly: 'Only .zip files are accepted',
  required: 'Required',
} as const;

/** Server messages of the packages area. */
export const PACKAGE_ERRORS = {
  notFound: 'Package not found',
  algorithmNotFound: 'Algorithm not found',
  fileNotFound: 'No such file in this package',
  badFileName: 'Not a valid file name',
  building: 'This package is being built: wait until its build ends.',
  inUse: 'This package is used by {count} model(s): delete or change them first.',
  dashAppNotFound: 'This package has no Dash app of that name',
  dashNotBuilt: 'The package must be built before its Dash app can start',
  interpreterMissing: 'Python {version} is not available on this server',
  nothingToCommit: 'There are no changes to commit',
  noEarlierRevision: 'There is no earlier revision to go back to',
  projectMismatch: 'The project of the form does not match the request',
  requirementControl: 'Line {line} of requirements.txt contains a control character',
  requirementTooLong: 'Line {line} of requirements.txt is longer than {max} characters',
  requirementsTooLarge: 'requirements.txt is longer than {max} characters',
  requirementOption:
    'Line {line} of requirements.txt is a pip option ({text}): the server chooses the index and the options',
  requirementUrl:
    'Line {line} of requirements.txt is a URL or a path ({text}): only packages of the index are installed, by name',
  requirementInvalid:
    'Line {line} of requirements.txt is not a requirement ({text}): write a name, optional [extras], versions and ; markers',
} as const;

export const formatMessage = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
