/** Models: statuses, result storage, input types and the words users see. */

export const MODEL_RUN_STATUSES = ['queued', 'started', 'finished', 'failed', 'cancelled', 'expired'] as const;
export type ModelRunStatus = (typeof MODEL_RUN_STATUSES)[number];
/** A run in one of these is still going (the model is running). */
export const RUNNING_STATUSES: readonly ModelRunStatus[] = ['queued', 'started'];
/** Only these may be deleted. */
export const DELETABLE_RUN_STATUSES: readonly ModelRunStatus[] = ['finished', 'failed', 'cancelled'];

/** all: each run is a job of the output dataset; latest: a run replaces the rows; merge: a run appends its rows. */
export const MODEL_RESULT_STORAGES = ['all', 'latest', 'merge'] as const;

/** How long the UI Preview's 'Model cannot be run in the UI Preview' stays (it can also be closed). */
export const RUN_PREVIEW_HINT_MS = 2500;
export type ModelResultStorage = (typeof MODEL_RESULT_STORAGES)[number];

export const MODEL_INPUT_TYPES = [
  'boolean',
  'integer',
  'float',
  'string',
  'date',
  'dictionary',
  'list',
  'dataframe',
] as const;
export type ModelInputType = (typeof MODEL_INPUT_TYPES)[number];

/** Input styles allowed per type; the first is the default. */
export const INPUT_STYLES: Record<ModelInputType, readonly string[]> = {
  boolean: ['selectOne'],
  integer: ['number'],
  float: ['number'],
  string: ['text', 'selectOne'],
  date: ['date'],
  dictionary: ['json', 'constraint'],
  list: ['selectMany'],
  dataframe: ['selectOne'],
};

export const MODEL_RUNS_PAGE_SIZE = 20;
export const MODEL_NAME_MAX = 200;
export const MODEL_DESCRIPTION_MAX = 5000;

/** Why a failed run failed. */
export const RUN_FAILURE_KINDS = ['error', 'memory', 'timeout', 'disk', 'interrupted', 'input', 'source'] as const;
export type RunFailureKind = (typeof RUN_FAILURE_KINDS)[number];

export const MODEL_MESSAGES = {
  notFound: 'Model not found',
  runNotFound: 'Model run not found',
  algorithmNotFound: 'Source not found',
  packageNotBuilt: 'The package of this model is not built',
  notDeletable: 'Only finished, failed or cancelled runs can be deleted',
  notRunning: 'This run is not running',
  tooManyQueued: 'This project already has {count} queued runs: wait for some to start, or cancel some',
  running: 'Running Model...',
  cancelled: 'Model Run Cancelled',
  runError: 'Model Run Error',
  runComplete: 'Model Run Complete:',
  runFailed: 'Model Run Failed:',
  outputNotFound: 'Output Dataset Not Found',
  neverRun: 'This model has not yet been run.',
  noModels: 'No models.',
  draft: 'Draft - Click to continue setup',
  transferred: 'This model is transferred from another Project. It is executable but cannot be updated',
  needsType: 'Select a type for this input',
  needsDefault: 'This input requires a default value',
  unknownInput: 'This model has no such input',
  notBoolean: 'Must be True or False',
  notInteger: 'Must be a whole number',
  notFloat: 'Must be a number',
  notText: 'Must be a non-empty text',
  notDate: 'Must be a valid date (YYYY-MM-DD)',
  notDictionary: 'Must be a non-empty JSON object',
  notList: 'Must be a list',
  notDataset: 'Must be a dataset of this project',
  notAnOption: 'Must be one of the options',
  notAnOutput: 'Not an output of this model',
  outputTaken: 'Each previous output merges with one new output',
  noSuchFeature: 'No such feature',
  notTargetFeature: 'Not a feature of the linked dataset',
  alreadyLinked: 'Already linked',
  notSelectable: 'Only a finished run of a model that keeps all runs can be shown',
} as const;

/** The most of a run's output kept with it (stdout and stderr interleaved): its last 1 MB. */
export const MODEL_RUN_LOG_BYTES = 1024 * 1024;
/** The first line of a kept run output whose start was cut (GET model-runs/{id}/log). */
export const MODEL_RUN_LOG_CUT_LINE = "[Only the last 1 MB of this run's output is kept: its start was cut.]";
