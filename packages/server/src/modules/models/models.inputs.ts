import { INPUT_STYLES, MODEL_INPUT_TYPES, type ModelInput, type ModelInputType } from '@tessera/shared';
import { newId } from '../../platform/ids.ts';

const isInputType = (t: string): t is ModelInputType => (MODEL_INPUT_TYPES as readonly string[]).includes(t);

interface Param {
  name: string;
  type: string;
  default: unknown;
  hasDefault: boolean;
  options: unknown[] | null;
}

/** A model input from a discovered parameter: its type, default and options as discovery read them. */
export function inputFromParam(p: Param): ModelInput {
  const dataType = isInputType(p.type) ? p.type : null;
  return {
    _id: newId(),
    name: p.name,
    varName: p.name,
    dataType,
    defaultValue: p.hasDefault ? p.default : null,
    value: null,
    description: '',
    options: p.options,
    display: {
      modelBar: false,
      modelPanel: 'primary',
      inputType: dataType ? INPUT_STYLES[dataType][0] : '',
      config: dataType === 'integer' ? { step: 1 } : dataType === 'float' ? { step: 0.1 } : {},
    },
  };
}

/** A new function's inputs: a parameter the model already had keeps its set-up; the others are new. */
export function inputsForSource(current: ModelInput[], params: Param[]): ModelInput[] {
  return params.map((p) => current.find((i) => i.varName === p.name) ?? inputFromParam(p));
}
