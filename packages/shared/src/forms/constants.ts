/** Business constants of the forms area. */

/** Element types: a title, or one of the question types. */
export const QUESTION_TYPES = [
  'shortText',
  'longText',
  'number',
  'dropdown',
  'radio',
  'checkbox',
  'ratingScale',
  'binary',
  'date',
  'time',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const ELEMENT_TYPES = ['title', ...QUESTION_TYPES] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** Types whose options are comma-separated text. */
export const OPTION_TYPES = ['dropdown', 'radio', 'checkbox'] as const satisfies readonly QuestionType[];

/** Rating scale options: 1 to 10, 1 to 5, -5 to 5. */
export const RATING_SCALES = {
  '1-10': { min: 1, max: 10 },
  '1-5': { min: 1, max: 5 },
  '-5-5': { min: -5, max: 5 },
} as const;
export type RatingScale = keyof typeof RATING_SCALES;
export const RATING_SCALE_KEYS = Object.keys(RATING_SCALES) as RatingScale[];
export const DEFAULT_RATING_SCALE: RatingScale = '1-10';

/** Badges on the forms list. */
export const FORM_STATUSES = ['draft', 'published', 'closed'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** The public link of a form: `{origin}/public/forms/{formId}`. */
export const formPublicPath = (formId: string): string => `/public/forms/${formId}`;
export const formPublicLink = (origin: string, formId: string): string => `${origin}${formPublicPath(formId)}`;

/** Bounds: a form is open to the internet, so every text and every response is bounded. */
export const FORM_LIMITS = {
  name: 200,
  description: 2000,
  elements: 100,
  question: 500,
  elementDescription: 2000,
  optionsText: 5000,
  options: 100,
  scaleText: 100,
  shortText: 500,
  longText: 5000,
  /** The whole response as JSON, in characters (413 above). */
  responseChars: 100_000,
} as const;

/**
 * Rate limits of anonymous submissions (per server process): an address may send `perAddress` attempts per
 * window to any form, and a form accepts `perForm` attempts per window from all addresses together.
 */
export const FORM_RATE_LIMIT = { windowMs: 60_000, perAddress: 30, perForm: 1200 } as const;

/** The words of the spec (English source strings; the web translates them). */
export const FORM_MESSAGES = {
  required: 'This input is required.',
  number: 'Enter a number.',
  wholeNumber: 'Enter a whole number.',
  option: 'Choose one of the options.',
  scale: 'Choose a value on the scale.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
  tooLong: 'This answer is too long.',
  unknownField: 'Not a question of this form.',
  notFound: 'Form not found',
  published: 'A published form cannot be edited.',
  notPublished: 'Publish the form first.',
  closed: 'This form is not accepting responses.',
  tooLarge: 'This response is too large.',
  rateLimited: 'Too many responses. Please wait a minute and try again.',
  elementNotFound: 'Element not found',
  order: 'The order must list every element of the form once.',
} as const;
