import { ORGANIZATION_MESSAGES } from '../api/organizations.ts';
import { USER_MESSAGES } from '../api/users.ts';
import { PASSWORD_RULE_MESSAGES } from '../auth/password.ts';
import { ALERT_MESSAGES } from '../dashboards/alerts.ts';
import { CROSS_FILTER_MESSAGES } from '../dashboards/crossFilters.ts';
import { EXPORT_ERRORS } from '../dashboards/exports.ts';
import { SUBSCRIPTION_ERRORS } from '../dashboards/subscriptions.ts';
import { DATASET_ERRORS, DATASET_MESSAGES } from '../datasets/constants.ts';
import { FORM_MESSAGES } from '../forms/constants.ts';
import { JOB_MESSAGES } from '../jobs/job.ts';
import { MODEL_MESSAGES } from '../models/constants.ts';
import { formatMessage, PACKAGE_ERRORS, PACKAGE_MESSAGES } from '../packages/constants.ts';
import { TRIGGER_MESSAGES } from '../triggers/constants.ts';
import { UNSAFE_TEXT_MESSAGE } from './text.ts';

/**
 * Every message the server answers with, by a stable code (the error body's `reason`, and `fieldReasons` for the
 * messages under input fields). The web translates by this code (locales/{en,fr}/errors.json), never by the English
 * text: rewording a message here keeps its code, so its translations stay attached. One list: the modules' message
 * constants (ORGANIZATION_MESSAGES, USER_MESSAGES, DATASET_ERRORS, ...) are part of it.
 */
type Prefixed<P extends string, T extends Record<string, string>> = { [K in keyof T & string as `${P}.${K}`]: T[K] };
const prefixed = <P extends string, T extends Record<string, string>>(prefix: P, texts: T): Prefixed<P, T> =>
  Object.fromEntries(Object.entries(texts).map(([k, v]) => [`${prefix}.${k}`, v])) as Prefixed<P, T>;

export const SERVER_ERRORS = {
  // Any route
  'generic.notFound': 'Not found',
  'generic.forbidden': 'You do not have permission to do this',
  'generic.unauthorized': 'Sign in to continue',
  'generic.invalid': 'Some fields are not valid',
  'generic.tooLarge': 'The request is too large',
  'generic.unsupportedMediaType': 'Unsupported content type',
  'generic.notJson': 'The body is not valid JSON',
  'generic.emptyBody': 'The body must not be empty',
  'generic.internal': 'Internal server error',
  'generic.noAccessRule': 'This route has no access rule',
  'generic.noRoute': 'No route for {method} {path}',
  // Under an input field
  'field.required': 'Required',
  'field.email': 'Not a valid email address',
  'field.max200': 'At most 200 characters',
  'field.max5000': 'At most 5000 characters',
  'field.unsafeText': UNSAFE_TEXT_MESSAGE,
  'field.invalid': 'Invalid value',
  ...prefixed('password', PASSWORD_RULE_MESSAGES as { [K in keyof typeof PASSWORD_RULE_MESSAGES]: string }),
  'password.wrong': 'Wrong password',
  // Sign-in and single sign-on
  'login.rateLimited': 'Too many sign-in attempts. Please wait a few minutes and try again.',
  'sso.notConfigured': 'Single sign-on is not configured',
  'sso.failed': 'Single sign-on failed',
  'sso.expired': 'This sign-in has expired or was already used. Please try again.',
  'sso.deactivated': 'Account deactivated',
  'login.failed': 'Something went wrong',
  'recovery.invalidLink': 'This link is no longer valid',
  'errors.tooMany': 'Too many error reports. Please try again later.',
  // Organizations and users
  ...prefixed('organization', ORGANIZATION_MESSAGES),
  ...prefixed('user', USER_MESSAGES),
  'logo.notMultipart': 'Send the logo as multipart/form-data',
  'logo.missing': 'No logo file in the request',
  // Projects and members
  'project.notFound': 'Project not found',
  'project.publicSharingOff': 'Public sharing is turned off for this organization.',
  'project.moreThanHeld': 'You cannot grant more rights than you hold.',
  'project.ownRole': 'You cannot change your own role.',
  'project.holdsMore': 'You cannot change or remove a member who holds more rights than you.',
  'project.alreadyMember': 'This user is already a member of the project.',
  'project.sameProject': 'Choose another project to transfer assets to.',
  'project.unknownAssetKind': 'Unknown asset kind',
  'project.transferRights': 'You need edit rights on {area}s in both projects to transfer {key}.',
  'project.assetsNotFound': 'Some {key} were not found in this project',
  // Data apps
  'dashboard.notFound': 'Dashboard not found',
  'dashboard.gone': 'The dashboard no longer exists.',
  'dashboard.tabOrder': 'The tab order must list every tab of this dashboard once',
  'dashboard.previewQueueFailed': 'The preview could not be queued.',
  'dashboard.noPreview': 'No preview yet',
  'dashboard.previewRateLimited': 'Too many preview updates. Please wait a few minutes and try again.',
  'dashboard.previewStopped': 'The preview render was stopped.',
  'dashboard.tooManyColors': 'At most {count} feature colours',
  'dashboard.tooManyTabs': 'A data app holds at most {count} tabs',
  'dashboard.featureNotFound': 'Feature not found',
  'tab.notFound': 'Tab not found',
  'tab.layoutUnknownCard': 'The layout names a card that is not on this tab',
  'tab.layoutTwice': 'The layout names a card twice',
  'tab.cardOrder': 'The card order must list every card of this tab once',
  'card.notFound': 'Card not found',
  'card.subtypeOnlyCustom': 'Only custom cards have a subtype',
  'card.notOnTab': 'The card is not on this tab',
  ...prefixed('crossFilter', CROSS_FILTER_MESSAGES),
  ...prefixed('export', EXPORT_ERRORS),
  ...prefixed('subscription', SUBSCRIPTION_ERRORS),
  'card.tooMany': 'A tab holds at most {count} cards',
  'card.invalidConfiguration': 'The card configuration is not valid',
  'card.tooMuchData':
    'Please add an operation or filter to reduce the amount of data shown on this card, or change the chart type.',
  // A card's errors (UNIT_DATA_ERRORS), when a request answers one as an error
  'card.featureDeleted': 'The dataset used in this card could not be found.',
  'card.badOperation':
    'A feature on this card has changed types and is no longer compatible with the configured operation. Please update the operation or feature type.',
  'card.badFilter':
    'A filter being applied to this card has an incompatible feature type, due to the feature type being changed. Please remove the filter.',
  'card.notNumeric':
    'You must provide at least one numeric data value. Choose an operation or try a different feature.',
  'card.unknownSubtype': 'Something has been misconfigured. Please try again.',
  'card.notMappable': 'No UI has been made to configure this type of unit',
  'card.failed': 'An error occurred when fetching data. Please make sure the configuration of this card is correct.',
  'history.versionNotFound': 'Version not found',
  'history.undoConflict': 'This can no longer be undone: {name} has changed it since.',
  'history.redoConflict': 'This can no longer be redone: {name} has changed it since.',
  'history.nothingToUndo': 'Nothing to undo',
  'history.nothingToRedo': 'Nothing to redo',
  'history.noSession': 'Undo and redo need an editing session (the x-tessera-edit-session header)',
  'filter.notFound': 'Filter not found',
  'filter.tooMany': 'A dashboard or a tab holds at most {count} filters',
  'filter.featureNotInProject': 'Not a feature of this project',
  // Datasets
  ...prefixed('dataset', DATASET_ERRORS),
  'dataset.wrongFileType': DATASET_MESSAGES.wrongFileType,
  'dataset.fileTooLarge': DATASET_MESSAGES.fileTooLarge,
  'dataset.notMultipart': 'Send the file as multipart/form-data',
  'dataset.noFile': 'No file in the request',
  'dataset.unknownFeature': 'Unknown feature',
  'dataset.joinDifferent': 'Choose two different datasets',
  'dataset.joinColumns': 'Choose a column of each dataset',
  'dataset.joinedHasNoJobs': 'A joined dataset has no jobs of its own',
  'dataset.joinUsesFeature': 'A joined dataset joins on this feature; delete the joined dataset first.',
  'dataset.joinNeedsData': 'Both datasets need data before they can be joined.',
  'dataset.notJobOfDataset': 'Not a job of this dataset',
  'dataset.notFeatureOfDataset': 'Not a feature of this dataset',
  'dataset.invalidJobId': 'Invalid job id: {id}',
  'job.notFound': 'Job not found',
  'job.notWaiting': 'The job is no longer waiting for its input',
  'job.interrupted': JOB_MESSAGES.interrupted,
  'job.restarted': JOB_MESSAGES.restarted,
  'job.timeout': JOB_MESSAGES.timeout,
  // Reading an uploaded file (packages/analytics ingest and sniff)
  'ingest.empty': 'The file is empty.',
  'ingest.binary': 'This is not a CSV file: it contains binary data.',
  'ingest.unreadable': 'The file could not be read as CSV: {detail}',
  'ingest.cancelled': 'The import was cancelled.',
  'ingest.fileMissing': 'The uploaded file was not found.',
  'ingest.tooManyColumns': 'too many columns ({count}). Max columns: {max}',
  'ingest.segmentNotWritten': 'The dataset segment could not be written.',
  'ingest.failed': 'The import failed: {detail}',
  'ingest.missingColumns': 'Missing columns: {missing}',
  'ingest.unexpectedColumns': 'Unexpected columns: {unexpected}',
  'ingest.columnsMismatch': 'Missing columns: {missing}; unexpected columns: {unexpected}',
  // Reading data (packages/analytics: a query's QueryError, a dataset filter's message)
  'query.unknownColumn': 'Unknown column: {column}',
  'query.badOrder': 'Order must be ASC or DESC',
  'query.badPage': 'The page must be a whole number from 1',
  'query.badLimit': 'The limit must be a whole number from 1 to {max}',
  'query.noColumn': 'Choose at least one column',
  'query.invalidColumnName': 'Invalid column name: {column}',
  'query.duplicateColumn': 'Duplicate column: {column}',
  'query.sourceNoColumn': 'A source needs at least one column',
  'query.clusteredFiles': 'A clustered relation needs one file per segment',
  'query.unknownJoinType': 'Unknown join type: {type}',
  'query.joinNoPair': 'A join needs at least one pair of columns',
  'query.unknownJoinColumn': 'Unknown {side} join column: {column}',
  'query.invalidPath': 'Invalid file path',
  'query.unknownFeatureType': 'Unknown feature type: {type}',
  'query.boxplotNotNumeric': 'A boxplot needs numeric features',
  'query.chartNotNumeric': 'The chart has no numeric value',
  'query.filterOtherDataset': "The filter on {feature} is not on this series' dataset",
  'query.unknownFilterType': 'Unknown filter type',
  'query.filterNotFit': 'A {type} filter does not apply to the {featureType} feature {feature}',
  'query.chooseOperation': 'Choose an operation for {feature}',
  'query.tooManyRows': 'This card has more than {count} rows to show',
  'query.notNumber': '{what} must be a number',
  'query.notTime': '{what} must be a time (HH:MM[:SS])',
  'query.notIsoDate': '{what} must be an ISO date',
  'query.valueRequired': '{what} is required',
  'query.selectValue': 'Select at least one value',
  'query.unknownFilterOperation': 'Unknown filter operation: {operation}',
  'query.operationNotFit': 'The operation {operation} does not apply to a {type} feature',
  'query.fromAfterTo': 'From must not be greater than To',
  'query.fromAfterToDate': 'From must not be after To',
  'query.selectDayOrMonth': 'Select at least one day or month',
  'query.invalidDayOrMonth': 'Invalid day or month',
  'query.badDuration': 'The duration must be a whole number from 0 to {max}',
  'query.unknownDurationUnit': 'Unknown duration unit: {unit}',
  // Packages
  ...prefixed('package', PACKAGE_ERRORS),
  'package.envLine': 'Line {line}: write KEY=value',
  'package.envReserved': 'Line {line}: {key} is set by the platform',
  'package.dashStartFailed': PACKAGE_MESSAGES.dashStartFailed,
  'package.zipOnly': PACKAGE_MESSAGES.zipOnly,
  'package.notMultipart': 'Send the package as multipart/form-data',
  'package.zipTooLarge': 'The zip file is too large',
  'package.uploadIncomplete': 'The upload did not complete',
  'zip.notZip': 'The file is not a valid zip archive ({detail}).',
  'zip.unsafePath': 'The zip file contains an unsafe path ({path}).',
  'zip.nameTooLong': 'The zip file contains a name that is too long ({path}).',
  'zip.specialEntry': 'The zip file contains {kind} ({path}); only regular files and folders are allowed.',
  'zip.encrypted': 'The zip file contains an encrypted file ({path}).',
  'zip.tooManyEntries': 'The zip file has more than {count} entries.',
  'zip.tooLargeUnpacked': 'The zip file unpacks to more than {size}.',
  'zip.suspiciousEntry': 'The zip file is compressed suspiciously well ({path}).',
  'zip.suspicious': 'The zip file is compressed suspiciously well.',
  'zip.empty': 'The zip file contains no files.',
  'zip.fileAndFolder': 'The zip file has a file and a folder with the same name ({path}).',
  // Models
  'model.notFound': MODEL_MESSAGES.notFound,
  'model.runNotFound': MODEL_MESSAGES.runNotFound,
  'model.algorithmNotFound': MODEL_MESSAGES.algorithmNotFound,
  'model.packageNotBuilt': MODEL_MESSAGES.packageNotBuilt,
  'model.notDeletable': MODEL_MESSAGES.notDeletable,
  'model.notRunning': MODEL_MESSAGES.notRunning,
  'model.tooManyQueued': MODEL_MESSAGES.tooManyQueued,
  'model.needsType': MODEL_MESSAGES.needsType,
  'model.needsDefault': MODEL_MESSAGES.needsDefault,
  'model.unknownInput': MODEL_MESSAGES.unknownInput,
  'model.notBoolean': MODEL_MESSAGES.notBoolean,
  'model.notInteger': MODEL_MESSAGES.notInteger,
  'model.notFloat': MODEL_MESSAGES.notFloat,
  'model.notText': MODEL_MESSAGES.notText,
  'model.notDate': MODEL_MESSAGES.notDate,
  'model.notDictionary': MODEL_MESSAGES.notDictionary,
  'model.notList': MODEL_MESSAGES.notList,
  'model.notDataset': MODEL_MESSAGES.notDataset,
  'model.notAnOption': MODEL_MESSAGES.notAnOption,
  'model.duplicateInput': 'Each input needs its own name',
  'model.notAnOutput': MODEL_MESSAGES.notAnOutput,
  'model.outputTaken': MODEL_MESSAGES.outputTaken,
  'model.noSuchFeature': MODEL_MESSAGES.noSuchFeature,
  'model.notTargetFeature': MODEL_MESSAGES.notTargetFeature,
  'model.alreadyLinked': MODEL_MESSAGES.alreadyLinked,
  'model.transferred': MODEL_MESSAGES.transferred,
  'model.outputNotFound': MODEL_MESSAGES.outputNotFound,
  'model.notSelectable': MODEL_MESSAGES.notSelectable,
  // Scheduled runs
  ...prefixed('trigger', TRIGGER_MESSAGES),
  ...prefixed('alert', ALERT_MESSAGES),
  // Forms
  ...prefixed('form', FORM_MESSAGES),
  'form.tooManyElements': 'At most {count} elements',
  'form.tooManyElementsField': 'At most {count}',
  // Chat assistant
  'assistant.keyInvalid': 'The key is not valid',
  'assistant.notConfigured': 'The assistant is not set up on this server',
  'assistant.timedOut': 'The language-model service did not answer in time',
  'assistant.noAnswer': 'The language-model service gave no usable answer',
  'assistant.brokeOff': 'The language-model service broke off its answer',
  'assistant.failed': 'The language-model service failed',
  'assistant.unreachable': 'The language-model service could not be reached',
  'assistant.rateLimited': 'Too many requests to the assistant: please wait a minute',
  'assistant.noImage': 'The service sent no image',
  'assistant.notImage': 'The service sent something that is not an image',
  'assistant.imageNotFetched': "The service's image could not be fetched ({status})",
  'assistant.imageTooLarge': 'The service sent an image that is too large',
} as const;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;
export const SERVER_ERROR_CODES = Object.keys(SERVER_ERRORS) as ServerErrorCode[];

/** The names of a text's `{name}` parts. */
type PartsOf<T extends string> = T extends `${string}{${infer Part}}${infer Rest}` ? Part | PartsOf<Rest> : never;
type CodeWithParts = {
  [C in ServerErrorCode]: [PartsOf<(typeof SERVER_ERRORS)[C]>] extends [never] ? never : C;
}[ServerErrorCode];

/**
 * A message of the list as the server throws it: its code, and for a text with `{name}` parts the value of each part
 * (`{ code: 'package.inUse', params: { count: 2 } }`). The English text is found from the code, never the reverse.
 */
export type ServerMessage =
  | Exclude<ServerErrorCode, CodeWithParts>
  | {
      [C in CodeWithParts]: { code: C; params: Record<PartsOf<(typeof SERVER_ERRORS)[C]>, string | number> };
    }[CodeWithParts];

export const serverMessageCode = (message: ServerMessage): ServerErrorCode =>
  typeof message === 'string' ? message : message.code;

/** The English text of a message: its text in the list with its `{name}` parts filled in. */
export const serverMessageText = (message: ServerMessage): string =>
  typeof message === 'string' ? SERVER_ERRORS[message] : formatMessage(SERVER_ERRORS[message.code], message.params);

/** A text with `{name}` parts (a number, a name, a detail the server fills in). */
export const hasServerErrorParams = (code: ServerErrorCode): boolean => /\{\w+\}/.test(SERVER_ERRORS[code]);

const NUMERIC_PARTS = new Set(['count', 'max', 'line', 'status']);
const CODE_OF_TEXT = new Map<string, ServerErrorCode>();
const TEMPLATES: { pattern: RegExp; code: ServerErrorCode }[] = [];
const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
// The first code of a text wins (the generic codes come first): a text said by several areas has one code.
for (const code of SERVER_ERROR_CODES) {
  const text = SERVER_ERRORS[code];
  if (!CODE_OF_TEXT.has(text)) CODE_OF_TEXT.set(text, code);
  if (hasServerErrorParams(code)) {
    // A number stays a number ("At most {count}" never reads "At most 4000 characters"); a name or a detail is any text.
    const pattern = escaped(text).replace(/\{(\w+)\}/g, (_, part: string) =>
      NUMERIC_PARTS.has(part) ? '([\\d.,]+)' : '(.+)',
    );
    TEMPLATES.push({ pattern: new RegExp(`^${pattern}$`, 's'), code });
  }
}
// The text with the most words of its own first: "Missing columns: a; unexpected columns: b" is the mismatch's text,
// though "Missing columns: {missing}" matches it too.
const ownWords = (code: ServerErrorCode) => SERVER_ERRORS[code].replace(/\{\w+\}/g, '').length;
TEMPLATES.sort((a, b) => ownWords(b.code) - ownWords(a.code));

/**
 * The code of a message that reaches the web as text (a schema's own message the browser checks: the web's
 * serverText). A job's message is not one: its code is stored with it. The server never uses it: its errors, the analytics errors and the shared
 * rules' messages are thrown by code. A text with `{name}` parts matches the text with those parts filled in.
 * Undefined for a text not in the list.
 */
export const serverErrorCodeOf = (text: string): ServerErrorCode | undefined =>
  CODE_OF_TEXT.get(text) ?? TEMPLATES.find((t) => t.pattern.test(text))?.code;

export const isServerErrorCode = (value: unknown): value is ServerErrorCode =>
  typeof value === 'string' && Object.hasOwn(SERVER_ERRORS, value);
