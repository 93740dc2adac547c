import { z } from 'zod';
import { id } from '../http/ids.ts';
import { ELEMENT_TYPES, FORM_LIMITS as L, RATING_SCALE_KEYS, type RatingScale } from './constants.ts';

/**
 * A form element's config: one shape for every type; each type reads the fields it needs
 * (`elementConfigErrors` says which are required). Unknown fields are refused.
 */
export const elementConfigSchema = z
  .object({
    title: z.string().max(L.question).optional(),
    question: z.string().max(L.question).optional(),
    description: z.string().max(L.elementDescription).optional(),
    required: z.boolean().optional(),
    /** Dropdown, radio and checkbox: the options as comma-separated text. */
    options: z.string().max(L.optionsText).optional(),
    scale: z.enum(RATING_SCALE_KEYS as [RatingScale, ...RatingScale[]]).optional(),
    scaleText: z
      .object({ left: z.string().max(L.scaleText), right: z.string().max(L.scaleText) })
      .strict()
      .optional(),
    binaryText: z
      .object({ true: z.string().max(L.scaleText), false: z.string().max(L.scaleText) })
      .strict()
      .optional(),
    allowDecimal: z.boolean().optional(),
  })
  .strict();
export type ElementConfig = z.infer<typeof elementConfigSchema>;

export const elementTypeSchema = z.enum(ELEMENT_TYPES);

export const formElementSchema = z.object({ _id: id, type: elementTypeSchema, config: elementConfigSchema });
export type FormElement = z.infer<typeof formElementSchema>;

/** A form as its project's members see it. `dataset` is its Form Responses dataset, once published. */
export const formSchema = z.object({
  _id: id,
  projectId: id,
  name: z.string(),
  description: z.string(),
  published: z.boolean(),
  closed: z.boolean(),
  elements: z.array(formElementSchema),
  dataset: z.object({ _id: id }).nullable(),
  responseCount: z.number().int(),
  user: z.object({ id: id.nullable() }),
  timeCreated: z.string(),
  lastUpdated: z.string(),
});
export type Form = z.infer<typeof formSchema>;

/** What the public page reads: the form's own texts and elements, nothing else of the project. */
export const publicFormSchema = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  closed: z.boolean(),
  elements: z.array(formElementSchema),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

/** One answer as sent: text, a number, a boolean, a list of options, or nothing. Bounded before any rule runs. */
export const answerValueSchema = z.union([
  z.string().max(L.longText),
  z.number(),
  z.boolean(),
  z.array(z.string().max(L.question)).max(L.options),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const answersSchema = z
  .record(z.string().max(64), answerValueSchema)
  .refine((answers) => Object.keys(answers).length <= L.elements, { message: 'Too many answers' });
export type Answers = z.infer<typeof answersSchema>;
