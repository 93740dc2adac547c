import { Anchor, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBrain, IconPlus } from '@tabler/icons-react';
import type { Model } from '@tessera/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useModels } from '../../api/models.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { ModelTriggerRows } from '../triggers/index.ts';
import { ModelMenu } from './ModelMenu.tsx';

/** What a model's row says under its name. */
export function modelStateKey(model: Model): { key: string; error: boolean } {
  if (model.sourceMissing) return { key: 'sourceNotFound', error: true };
  if (!model.onboarded) return { key: 'draft', error: false };
  if (model.transferred) return { key: 'transferred', error: false };
  if (model.running) return { key: 'running', error: false };
  return { key: 'complete', error: false };
}

/**
 * The Models card of the Models area: one row per model, newest first ('No models.'); Add model waits for a
 * built package and opens the onboarding; a draft's row opens its onboarding; each row has the model menu.
 */
export function ModelsCard({ hasBuiltPackage }: { hasBuiltPackage: boolean }) {
  const { t } = useTranslation('models');
  const { t: tp } = useTranslation('packages');
  const { project } = useCurrentProject();
  const canView = useProjectCan('model:view');
  const canEdit = useProjectCan('model:edit');
  const models = useModels(project._id, canView);
  const navigate = useNavigate();
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={3}>{tp('models')}</Title>
        {canEdit && (
          <Tooltip label={tp('addModelNeedsPackage')} disabled={hasBuiltPackage}>
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={!hasBuiltPackage}
              onClick={() => navigate(`/projects/${project._id}/models/onboard`)}
            >
              {tp('addModel')}
            </Button>
          </Tooltip>
        )}
      </Group>
      {(!canView || models.data?.length === 0) && <Text c="dimmed">{t('noModels')}</Text>}
      <Stack gap={0}>
        {models.data?.map((model) => {
          const state = modelStateKey(model);
          const base = `/projects/${project._id}/models/${model._id}`;
          const to = !model.onboarded && canEdit ? `${base}/onboard` : base;
          return (
            <Fragment key={model._id}>
              <Group
                gap="sm"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                data-testid={`model-row-${model._id}`}
              >
                <IconBrain size={20} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Anchor component={Link} to={to} fw={500}>
                    {model.name}
                  </Anchor>
                  {state.key === 'draft' && canEdit ? (
                    // The draft's words say "Click to continue setup": they are the way to it.
                    <Anchor component={Link} to={to} size="sm" data-testid="continue-setup">
                      {t(state.key)}
                    </Anchor>
                  ) : (
                    <Text size="sm" c={state.error ? 'red' : 'dimmed'}>
                      {t(state.key)}
                    </Text>
                  )}
                </div>
                {canEdit && <ModelMenu model={model} projectId={project._id} />}
              </Group>
              <ModelTriggerRows model={model} />
            </Fragment>
          );
        })}
      </Stack>
    </Card>
  );
}
