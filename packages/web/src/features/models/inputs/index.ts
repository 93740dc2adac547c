/** The model input widgets, one per input style, shared by the models area and the dashboard model panel. */
export { asConstraints, type Constraint } from './ConstraintField.tsx';
export { DatasetLink } from './DatasetLink.tsx';
export { asJsonText, inputStyleOf, numberBounds, numberStep, optionFor, optionItems } from './inputStyle.ts';
export { ModelInputField } from './ModelInputField.tsx';
export type { InputFieldProps } from './types.ts';
