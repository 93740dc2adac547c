import { Stack } from '@mantine/core';
import type { Model } from '@tessera/shared';
import { useProjectTriggers } from '../../api/triggers.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { TriggerRow } from './TriggerRow.tsx';

/** A model's scheduled runs as rows under it in the models list (one project query shared by every model's rows). */
export function ModelTriggerRows({ model }: { model: Model }) {
  const modelId = model._id;
  const { project } = useCurrentProject();
  const triggers = useProjectTriggers(project._id, useProjectCan('model:view'));
  const canEdit = useProjectCan('model:edit');
  const mine = triggers.data?.filter((t) => t.modelId === modelId) ?? [];
  if (!mine.length) return null;
  return (
    <Stack gap={4} pl="xl" pb="xs">
      {mine.map((trigger) => (
        <TriggerRow key={trigger._id} trigger={trigger} canEdit={canEdit} model={model} />
      ))}
    </Stack>
  );
}
