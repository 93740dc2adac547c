import { ORGANIZATION_MESSAGES } from '../api/organizations.ts';
import { USER_MESSAGES } from '../api/users.ts';
import { PASSWORD_RULE_MESSAGES } from '../auth/password.ts';
import { DATASET_ERRORS, DATASET_MESSAGES } from '../datasets/constants.ts';

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
  // Any route (DESIGN §3)
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
  // Under an input field
  'field.required': 'Required',
  'field.email': 'Not a valid email address',
  'field.max200': 'At most 200 characters',
  'field.max5000': 'At most 5000 characters',
  ...prefixed('password', PASSWORD_RULE_MESSAGES as { [K in keyof typeof PASSWORD_RULE_MESSAGES]: string }),
  'password.wrong': 'Wrong password',
  // Sign-in and single sign-on (spec 1 §5)
  'login.rateLimited': 'Too many sign-in attempts. Please wait a few minutes and try again.',
  'sso.notConfigured': 'Single sign-on is not configured',
  'sso.failed': 'Single sign-on failed',
  'sso.expired': 'This sign-in has expired or was already used. Please try again.',
  'errors.tooMany': 'Too many error reports. Please try again later.',
  // Organizations and users (spec 1 §4)
  ...prefixed('organization', ORGANIZATION_MESSAGES),
  ...prefixed('user', USER_MESSAGES),
  'logo.notMultipart': 'Send the logo as multipart/form-data',
  'logo.missing': 'No logo file in the request',
  // Projects and members (spec 3 §6)
  'project.notFound': 'Project not found',
  'project.publicSharingOff': 'Public sharing is turned off for this organization.',
  'project.moreThanHeld': 'You cannot grant more rights than you hold.',
  'project.ownRole': 'You cannot change your own role.',
  'project.alreadyMember': 'This user is already a member of the project.',
  'project.sameProject': 'Choose another project to transfer assets to.',
  'project.unknownAssetKind': 'Unknown asset kind',
  // Data apps (spec 2)
  'dashboard.notFound': 'Dashboard not found',
  'dashboard.gone': 'The dashboard no longer exists.',
  'dashboard.tabOrder': 'The tab order must list every tab of this dashboard once',
  'dashboard.previewQueueFailed': 'The preview could not be queued.',
  'dashboard.noPreview': 'No preview yet',
  'tab.notFound': 'Tab not found',
  'tab.cardOrder': 'The card order must list every card of this tab once',
  'card.notFound': 'Card not found',
  'card.subtypeOnlyCustom': 'Only custom cards have a subtype',
  'filter.notFound': 'Filter not found',
  // Datasets (spec 3 §4, §5, §8)
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
  'job.notFound': 'Job not found',
  'job.notWaiting': 'The job is no longer waiting for its input',
} as const;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;
export const SERVER_ERROR_CODES = Object.keys(SERVER_ERRORS) as ServerErrorCode[];

const CODE_OF_TEXT = new Map<string, ServerErrorCode>();
// The first code of a text wins (the generic codes come first): a text said by several areas has one code.
for (const code of SERVER_ERROR_CODES)
  if (!CODE_OF_TEXT.has(SERVER_ERRORS[code])) CODE_OF_TEXT.set(SERVER_ERRORS[code], code);

/**
 * The code of a message the server is about to send, for the places that still pass a text rather than a code (on
 * the server only, against this one list; the web never reads the text). Undefined for a text not in the list.
 */
export const serverErrorCodeOf = (text: string): ServerErrorCode | undefined => CODE_OF_TEXT.get(text);

export const isServerErrorCode = (value: unknown): value is ServerErrorCode =>
  typeof value === 'string' && Object.hasOwn(SERVER_ERRORS, value);
