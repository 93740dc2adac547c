import { Box, Tooltip } from '@mantine/core';
import { IconCpu } from '@tabler/icons-react';
import { type Unit, visDatasetIds } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useDashboardModels } from '../../../api/models.ts';
import { useCardSelectedOutput } from '../../canvas/index.ts';
import classes from './CardModelIcon.module.css';
import { modelsByDataset, runLabel } from './modelInputs.ts';

/**
 * The model icon of a card whose data comes from a model's output, pulsing while the model
 * runs, naming the run it shows when the viewer selected one; nothing for other cards.
 */
export function CardModelIcon({ projectId, unit }: { projectId: string; unit: Unit }) {
  const { t, i18n } = useTranslation('dashboards');
  const selected = useCardSelectedOutput(unit);
  const models = useDashboardModels(projectId, unit.dashboardId);
  const byDataset = modelsByDataset(models.data?.models ?? []);
  const model = visDatasetIds(unit.vis)
    .map((id) => byDataset.get(id))
    .find(Boolean);
  if (!model) return null;
  const label = model.running
    ? t('modelBar.cardModelRunning', { name: model.name })
    : selected
      ? t('modelBar.cardModelRun', {
          name: model.name,
          run: runLabel(selected.run, i18n.language),
        })
      : t('modelBar.cardModel', { name: model.name });
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
        data-selected-run={selected?.run._id}
      >
        <IconCpu size={16} />
      </Box>
    </Tooltip>
  );
}
