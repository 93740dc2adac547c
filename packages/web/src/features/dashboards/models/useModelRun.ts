import { notifications } from '@mantine/notifications';
import type { Model } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useDatasets } from '../../../api/datasets.ts';
import { useModelMutations, useModelRuns } from '../../../api/models.ts';
import { fieldTexts } from '../../../api/serverErrors.ts';
import { useProjectCan } from '../../../project/useProjectCan.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { activeRun, type InputValues, runRequest } from './modelInputs.ts';

/**
 * Running a model from its bar or panel: the inputs checked first (the bad ones named, nothing sent), the run
 * queued, the server's own field errors shown under their inputs; the run still going and its Cancel Run.
 */
export function useModelRun(projectId: string, model: Model) {
  const { t } = useTranslation('dashboards');
  const serverText = useServerText();
  const { execute, cancel } = useModelMutations(projectId, model._id);
  const runs = useModelRuns(projectId, model._id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const going = activeRun(runs.data?.runs ?? []);

  const run = (values: InputValues) => {
    // A second press while the run is being queued starts nothing (the run button stays focusable meanwhile).
    if (execute.isPending) return;
    const { inputs, problems } = runRequest(model, values);
    setErrors(fieldTexts(problems));
    if (Object.keys(problems).length) return;
    execute.mutate(inputs, {
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        notifications.show({
          color: 'red',
          message: error instanceof ApiError ? serverText(error.message) : t('modelBar.runFailed'),
        });
      },
    });
  };
  return {
    run,
    errors,
    running: model.running || !!going,
    starting: execute.isPending,
    going,
    cancel: () => going && cancel.mutate(going._id),
    cancelling: cancel.isPending,
    runs,
  };
}

/** The datasets a dataframe input chooses from: the project's, for a viewer who may see datasets. */
export function useInputDatasets(projectId: string) {
  const allowed = useProjectCan('dataset:view');
  const datasets = useDatasets(projectId, allowed);
  return allowed ? (datasets.data ?? []) : [];
}
