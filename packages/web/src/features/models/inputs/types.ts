import type { ModelInput } from '@tessera/shared';

/** What every input widget takes: the input (type, display, options), its value, and where a change goes. */
export interface InputFieldProps {
  input: ModelInput;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  error?: string;
  disabled?: boolean;
  /** The datasets a dataframe input may pick (value: dataset id). */
  datasets?: Array<{ value: string; label: string }>;
}
