import type { Model } from '@tessera/shared';

export const MODEL_PROJECT_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** A model as the API answers it, onboarded, with no inputs or outputs (tests only). */
export function makeModel(overrides: Partial<Model> = {}): Model {
  return {
    _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    name: 'Totals',
    description: '',
    projectId: MODEL_PROJECT_ID,
    algorithmId: 'cccccccccccccccccccccccc',
    inputs: [],
    outputs: [],
    tempOutputs: [],
    resultStorage: 'all',
    onboarded: true,
    runButtonText: 'Run',
    running: false,
    sourceMissing: false,
    transferred: false,
    selectedRunId: null,
    user: { id: null },
    timeCreated: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}
