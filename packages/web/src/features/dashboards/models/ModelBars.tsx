import { Stack } from '@mantine/core';
import type { Model } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useDashboardModels, useModelRuns } from '../../../api/models.ts';
import { newestFinishedRun, useSelectedResults } from '../../canvas/index.ts';
import { ModelBar } from './ModelBar.tsx';
import { ModelPanel } from './ModelPanel.tsx';
import { type InputValues, shownValues } from './modelInputs.ts';

/**
 * The model bars of a dashboard: one per model whose outputs its cards read, in the header unless
 * the data app hides them (hideCommandBar), each opening its model panel.
 */
export function ModelBars({ projectId, dashboardId }: { projectId: string; dashboardId: string }) {
  const models = useDashboardModels(projectId, dashboardId);
  const [panel, setPanel] = useState<string | null>(null);
  const list = models.data?.models ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap={6} mt="xs" data-testid="model-bars">
      {list.map((model) => (
        <ModelControls
          key={model._id}
          projectId={projectId}
          model={model}
          panelOpen={panel === model._id}
          onPanel={(open) => setPanel(open ? model._id : null)}
        />
      ))}
    </Stack>
  );
}

/**
 * One model's bar and panel, sharing the values shown: those of the run whose outputs the cards display (the
 * selected run, else the newest finished one), until the viewer types; what they typed lasts while that run
 * stays the one displayed (a run finishing or another choice shows its own inputs again).
 */
/** The basis of values typed before the displayed run is known. */
const UNKNOWN = '\u0000unknown';

function ModelControls(props: {
  projectId: string;
  model: Model;
  panelOpen: boolean;
  onPanel: (open: boolean) => void;
}) {
  const { projectId, model, panelOpen, onPanel } = props;
  const runs = useModelRuns(projectId, model._id);
  const selected = useSelectedResults().selected[model._id];
  const shown = selected ?? newestFinishedRun(runs.data?.runs ?? []);
  // Until the runs (and a selected run) have come, the run displayed is not known yet: what the viewer types
  // meanwhile belongs to the run that turns out to be displayed, not lost when it is known.
  const known = !runs.isPending && (!model.selectedRunId || Boolean(selected));
  const basis = known ? (shown?._id ?? null) : UNKNOWN;
  const [typed, setTyped] = useState<{ basis: string | null; values: InputValues }>();
  const values = typed && (typed.basis === basis || typed.basis === UNKNOWN) ? typed.values : shownValues(model, shown);
  const onValues = (next: InputValues) => setTyped({ basis, values: next });
  useEffect(() => {
    if (known) setTyped((before) => (before?.basis === UNKNOWN ? { ...before, basis } : before));
  }, [known, basis]);
  return (
    <>
      <ModelBar
        projectId={projectId}
        model={model}
        values={values}
        onValues={onValues}
        onOpenPanel={() => onPanel(true)}
      />
      {panelOpen && (
        <ModelPanel
          projectId={projectId}
          model={model}
          values={values}
          onValues={onValues}
          onClose={() => onPanel(false)}
        />
      )}
    </>
  );
}
