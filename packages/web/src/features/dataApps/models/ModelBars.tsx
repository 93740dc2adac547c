import { Stack } from '@mantine/core';
import type { Model } from '@tessera/shared';
import { useState } from 'react';
import { useDashboardModels } from '../../../api/models.ts';
import { ModelBar } from './ModelBar.tsx';
import { ModelPanel } from './ModelPanel.tsx';
import { type InputValues, initialValues } from './modelInputs.ts';

/**
 * The model bars of a dashboard (spec 2 §2): one per model whose outputs its cards read, in the header unless
 * the data app hides them (hideCommandBar), each opening its model panel. The values a viewer types are kept
 * here, shared by a model's bar and panel, until a run or a reset.
 */
export function ModelBars({ projectId, dashboardId }: { projectId: string; dashboardId: string }) {
  const models = useDashboardModels(projectId, dashboardId);
  const [values, setValues] = useState<Record<string, InputValues>>({});
  const [panel, setPanel] = useState<string | null>(null);
  const list = models.data?.models ?? [];
  if (list.length === 0) return null;

  const valuesOf = (model: Model) => values[model._id] ?? initialValues(model);
  const setValuesOf = (model: Model) => (next: InputValues) => setValues((all) => ({ ...all, [model._id]: next }));
  const open = list.find((m) => m._id === panel);
  return (
    <Stack gap={6} mt="xs" data-testid="model-bars">
      {list.map((model) => (
        <ModelBar
          key={model._id}
          projectId={projectId}
          model={model}
          values={valuesOf(model)}
          onValues={setValuesOf(model)}
          onOpenPanel={() => setPanel(model._id)}
        />
      ))}
      {open && (
        <ModelPanel
          projectId={projectId}
          model={open}
          values={valuesOf(open)}
          onValues={setValuesOf(open)}
          onClose={() => setPanel(null)}
        />
      )}
    </Stack>
  );
}
