import { Alert, Anchor, Breadcrumbs, Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { usePackage, usePackageDependencies, usePackageEnv, usePackageMutations } from '../../api/packages.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { requirementProblemText } from './requirementProblem.ts';

/**
 * /env and /dependencies (package edit): the package's environment variables or requirements as text; saving
 * rebuilds the environment as a job (its notices come from the live channel). Failures show the spec's texts.
 */
export function PackageTextPage({ kind }: { kind: 'env' | 'dependencies' }) {
  const { t } = useTranslation('packages');
  const { packageId = '' } = useParams();
  const { project } = useCurrentProject();
  const pkg = usePackage(project._id, packageId);
  const env = usePackageEnv(project._id, kind === 'env' ? packageId : '');
  const deps = usePackageDependencies(project._id, kind === 'dependencies' ? packageId : '');
  const mutations = usePackageMutations(project._id, packageId);
  const save = kind === 'env' ? mutations.saveEnv : mutations.saveDependencies;
  const loaded = kind === 'env' ? env.data?.env : deps.data?.dependencies;
  const loadFailed = kind === 'env' ? env.isError : deps.isError;
  const [text, setText] = useState<string>();
  useEffect(() => {
    if (loaded !== undefined) setText((current) => current ?? loaded);
  }, [loaded]);
  const fieldError =
    save.error instanceof ApiError
      ? save.error.fields?.[kind === 'env' ? 'updatedEnv' : 'updatedDependencies']
      : undefined;
  // The server's rule, checked before sending: the first refused line, named.
  const problem = kind === 'dependencies' && text !== undefined ? requirementProblemText(t, text) : undefined;
  const failure = loadFailed
    ? t(`${kind}.loadFailed`)
    : save.isError
      ? (fieldError ?? (kind === 'env' ? t('env.updateFailed') : t('dependencies.updateFailed')))
      : undefined;
  return (
    <Container size="md" py="xl">
      <Breadcrumbs mb="md">
        <Anchor component={Link} to={`/projects/${project._id}/models`}>
          {t('page.breadcrumb')}
        </Anchor>
        <Anchor component={Link} to={`/projects/${project._id}/packages/${packageId}`}>
          {pkg.data?.name ?? '…'}
        </Anchor>
        <Text>{t(`${kind}.title`)}</Text>
      </Breadcrumbs>
      <Stack>
        <Title order={2}>{t(`${kind}.title`)}</Title>
        <Text size="sm" c="dimmed">
          {t(`${kind}.hint`)}
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Textarea
          aria-label={t(`${kind}.title`)}
          value={text ?? ''}
          onChange={(e) => setText(e.currentTarget.value)}
          error={problem}
          autosize
          minRows={8}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {kind === 'dependencies' && (deps.data?.added.length ?? 0) > 0 && (
          <Text size="sm" data-testid="added-by-tessera">
            {t('dependencies.added', { names: deps.data?.added.join(', ') })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            onClick={() => text !== undefined && save.mutate(text)}
            loading={save.isPending}
            disabled={text === undefined || text === loaded || problem !== undefined}
          >
            {t(`${kind}.save`)}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
