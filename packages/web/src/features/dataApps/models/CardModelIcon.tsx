import { Box, Tooltip } from '@mantine/core';
import { IconCpu } from '@tabler/icons-react';
import { type Unit, visDatasetIds } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useDashboardModels } from '../../../api/models.ts';
import classes from './CardModelIcon.module.css';
import { modelsByDataset } from './modelInputs.ts';

/**
 * The model icon of a card whose data comes from a model's output (spec 2 §2 "Card"), pulsing while the model
 * runs; nothing for other cards.
 */
export function CardModelIcon({ projectId, unit }: { projectId: string; unit: Unit }) {
  const { t } = useTranslation('dataApps');
  const models = useDashboardModels(projectId, unit.dashboardId);
  const byDataset = modelsByDataset(models.data?.models ?? []);
  const model = visDatasetIds(unit.vis)
    .map((id) => byDataset.get(id))
    .find(Boolean);
  if (!model) return null;
  const label = t(model.running ? 'modelBar.cardModelRunning' : 'modelBar.cardModel', { name: model.name });
  return (
    <Tooltip label={label}>
      <Box
        c={model.running ? 'blue' : 'dimmed'}
        className={model.running ? classes.pulsing : undefined}
        style={{ display: 'flex' }}
        aria-label={label}
        role="img"
        data-testid="card-model-icon"
        data-running={model.running}
      >
        <IconCpu size={16} />
      </Box>
    </Tooltip>
  );
}
