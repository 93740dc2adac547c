import {
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Center,
  Code,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Package } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  usePackage,
  usePackageCode,
  usePackageDependencies,
  usePackageEnv,
  usePackageMutations,
} from '../../api/packages.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { usePageName } from '../../ui/documentTitle.ts';
import { DashAppsCard } from './DashAppsCard.tsx';
import { initFileView } from './initFile.ts';
import { PackageMenu } from './PackageMenu.tsx';
import { BuildBanner } from './PackageStatus.tsx';
import { PackageUsedIn } from './PackageUsedIn.tsx';

/** /projects/{projectId}/packages/{packageId}: the package's page. */
export function PackagePage() {
  const { t } = useTranslation('packages');
  const { packageId = '' } = useParams();
  const { project } = useCurrentProject();
  const canEdit = useProjectCan('package:edit');
  const query = usePackage(project._id, packageId);
  usePageName(query.data?.name);
  const navigate = useNavigate();
  if (query.isError) return <Text p="xl">{t('page.notFound')}</Text>;
  const pkg = query.data;
  if (!pkg) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  const base = `/projects/${project._id}/packages/${pkg._id}`;
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="md">
        <Breadcrumbs>
          <Anchor component={Link} to={`/projects/${project._id}/models`}>
            {t('page.breadcrumb')}
          </Anchor>
          <Text>{pkg.name}</Text>
        </Breadcrumbs>
        {canEdit && (
          <PackageMenu
            pkg={pkg}
            projectId={project._id}
            onDeleted={() => void navigate(`/projects/${project._id}/models`)}
          />
        )}
      </Group>
      <Stack gap="lg">
        <BuildBanner pkg={pkg} />
        <Details pkg={pkg} canEdit={canEdit} projectId={project._id} />
        <Functions pkg={pkg} />
        {pkg.dashApps.length > 0 && <DashAppsCard pkg={pkg} projectId={project._id} />}
        <Viewers pkg={pkg} projectId={project._id} canEdit={canEdit} base={base} />
      </Stack>
    </Container>
  );
}

function Details({ pkg, canEdit, projectId }: { pkg: Package; canEdit: boolean; projectId: string }) {
  const { t, i18n } = useTranslation('packages');
  const { update } = usePackageMutations(projectId, pkg._id);
  const [name, setName] = useState(pkg.name);
  const [description, setDescription] = useState(pkg.description);
  const changed = name.trim() !== pkg.name || description.trim() !== pkg.description;
  return (
    <Card withBorder>
      <Stack>
        <TextInput
          label={t('page.name')}
          value={name}
          readOnly={!canEdit}
          error={
            update.error && 'fields' in update.error ? (update.error.fields as Record<string, string>)?.name : null
          }
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label={t('page.description')}
          value={description}
          readOnly={!canEdit}
          autosize
          minRows={2}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        {canEdit && (
          <Group justify="flex-end">
            <Button
              disabled={!changed || !name.trim()}
              loading={update.isPending}
              onClick={() => update.mutate({ name: name.trim(), description: description.trim() })}
            >
              {t('page.save')}
            </Button>
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Info label={t('page.uploaded')} value={new Date(pkg.timeCreated).toLocaleString(i18n.language)} />
          <Info label={t('page.uploader')} value={pkg.user.name ?? t('page.unknownUser')} />
          <Info label={t('page.fileName')} value={pkg.filename} />
        </SimpleGrid>
        <PackageUsedIn projectId={pkg.projectId} usedIn={pkg.usedIn} />
      </Stack>
    </Card>
  );
}

const Info = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm">{value}</Text>
  </div>
);

function Functions({ pkg }: { pkg: Package }) {
  const { t } = useTranslation('packages');
  const modules = pkg.modules.filter((m) => m.algorithms.length || m.error);
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        {t('page.functions')}
      </Title>
      {modules.length === 0 && <Text c="dimmed">{t('page.noFunctions')}</Text>}
      <Stack gap="xs" data-testid="package-functions">
        {modules.map((m) => (
          <div key={m._id}>
            <Text fw={500} size="sm">
              {m.filename}
            </Text>
            {m.error && (
              <Text size="sm" c="red">
                {t('page.moduleError')} {m.error}
              </Text>
            )}
            {m.algorithms.map((a) => (
              <Code key={a._id} mr="xs">
                {a.functionName}
              </Code>
            ))}
          </div>
        ))}
      </Stack>
    </Card>
  );
}

function Viewers({
  pkg,
  projectId,
  canEdit,
  base,
}: {
  pkg: Package;
  projectId: string;
  canEdit: boolean;
  base: string;
}) {
  const { t } = useTranslation('packages');
  const code = usePackageCode(projectId, pkg._id);
  const env = usePackageEnv(projectId, pkg._id);
  const dependencies = usePackageDependencies(projectId, pkg._id);
  const init = code.data ? initFileView(code.data.sourceCode, pkg.modules) : undefined;
  const viewer = (
    title: string,
    text: string | undefined,
    to: string,
    label: string,
    note?: string,
    emptyText = t('page.empty'),
  ) => (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{title}</Title>
        {canEdit && (
          <Button size="xs" variant="light" component={Link} to={to}>
            {label}
          </Button>
        )}
      </Group>
      {text === undefined ? (
        <Loader size="sm" />
      ) : (
        <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
          {text.trim() ? text : emptyText}
        </Code>
      )}
      {note && (
        <Text size="xs" c="dimmed" mt="xs">
          {note}
        </Text>
      )}
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {viewer(
        t('page.dependencies'),
        dependencies.data?.dependencies,
        `${base}/dependencies`,
        t('page.edit'),
        dependencies.data?.added.length
          ? t('dependencies.added', { names: dependencies.data.added.join(', ') })
          : undefined,
      )}
      {/* Values are secrets: members without package edit get the names only (docs/security.md). */}
      {viewer(
        t('page.env'),
        env.data?.env,
        `${base}/env`,
        t('page.edit'),
        env.data?.valuesHidden ? t('env.valuesHidden') : undefined,
      )}
      {viewer(
        init?.path ?? t('page.initFile'),
        init?.text,
        `${base}/code`,
        t('page.editCode'),
        init && init.state !== 'missing' && !init.hasFunctions ? t('page.initNoFunctions') : undefined,
        init?.state === 'missing' ? t('page.noInitFile') : t('page.emptyFile'),
      )}
    </SimpleGrid>
  );
}
