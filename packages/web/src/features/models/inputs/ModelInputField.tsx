import { ConstraintField } from './ConstraintField.tsx';
import { DateField } from './DateField.tsx';
import { inputStyleOf } from './inputStyle.ts';
import { JsonField } from './JsonField.tsx';
import { NumberField } from './NumberField.tsx';
import { SelectManyField } from './SelectManyField.tsx';
import { SelectOneField } from './SelectOneField.tsx';
import { TextField } from './TextField.tsx';
import type { InputFieldProps } from './types.ts';

const WIDGETS: Record<string, (props: InputFieldProps) => React.ReactNode> = {
  number: NumberField,
  text: TextField,
  selectOne: SelectOneField,
  selectMany: SelectManyField,
  date: DateField,
  json: JsonField,
  constraint: ConstraintField,
};

/**
 * One model input as the model panel, the model bar, the model page and the onboarding preview show it: the
 * widget of its input style, labelled with its name (or its variable name).
 */
export function ModelInputField(props: Omit<InputFieldProps, 'label'> & { label?: string }) {
  const Widget = WIDGETS[inputStyleOf(props.input)] ?? TextField;
  return <Widget {...props} label={props.label ?? (props.input.name || props.input.varName)} />;
}
