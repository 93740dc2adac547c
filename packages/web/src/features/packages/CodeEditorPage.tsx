import { python } from '@codemirror/lang-python';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Flex,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  useComputedColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { usePackage, usePackageCode, usePackageMutations } from '../../api/packages.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { useServerText } from '../../ui/serverText.ts';
import { codeEditorAccess } from './codeEditorAccess.ts';
import { readableOneDark } from './codeEditorTheme.ts';
import { showCodeSaved, showCodeSaveFailed } from './codeSaveNotices.ts';
import { requirementProblemText } from './requirementProblem.ts';

/**
 * /projects/{projectId}/packages/{packageId}/code: the package's files in CodeMirror 6 (Python highlighting,
 * bundled: works offline). Save is enabled once the text differs; Commit makes the saved files a new revision.
 */
export function CodeEditorPage() {
  const { t } = useTranslation('packages');
  const serverText = useServerText();
  const { packageId = '' } = useParams();
  const { project } = useCurrentProject();
  const canEdit = useProjectCan('package:edit');
  const pkg = usePackage(project._id, packageId);
  const code = usePackageCode(project._id, packageId);
  const { saveCode, commit } = usePackageMutations(project._id, packageId);
  const scheme = useComputedColorScheme('dark');
  const files = useMemo(() => Object.keys(code.data?.sourceCode ?? {}), [code.data]);
  const [current, setCurrent] = useState<string>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const saved = current ? code.data?.sourceCode[current] : undefined;
  const requirementsProblem = current === 'requirements.txt' ? requirementProblemText(t, text) : undefined;
  const hintId = useId();
  const editorLabel = t('code.editorLabel', { file: current ?? '' });
  const extensions = useMemo(
    () => [...codeEditorAccess(editorLabel, hintId), ...(current?.endsWith('.py') ? [python()] : [])],
    [editorLabel, hintId, current],
  );

  useEffect(() => {
    if (!current && files.length) setCurrent(files.find((f) => f.endsWith('.py') && f !== '__init__.py') ?? files[0]);
  }, [files, current]);
  useEffect(() => {
    if (saved !== undefined) setText(saved);
  }, [saved]);

  const doCommit = async () => {
    setError(undefined);
    try {
      await commit.mutateAsync();
      await code.refetch();
      notifications.show({ color: 'green', message: t('code.committed') });
    } catch (err) {
      setError(err instanceof ApiError && err.status === 409 ? serverText(err.message) : t('code.updateFailed'));
    }
  };
  // Saving a file is a source-code update: its notice offers Commit Changes; a failure, Revert or Continue Editing.
  const save = async () => {
    if (!current) return;
    setError(undefined);
    const name = pkg.data?.name ?? '';
    try {
      await saveCode.mutateAsync({ fileName: current, updatedCode: text });
      await code.refetch();
      showCodeSaved(t, name, () => void doCommit());
    } catch {
      setError(t('code.updateFailed'));
      showCodeSaveFailed(
        t,
        name,
        () => {
          setError(undefined);
          setText(saved ?? '');
        },
        () => setError(undefined),
      );
    }
  };

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between">
        <Breadcrumbs>
          <Anchor component={Link} to={`/projects/${project._id}/models`}>
            {t('page.breadcrumb')}
          </Anchor>
          <Anchor component={Link} to={`/projects/${project._id}/packages/${packageId}`}>
            {pkg.data?.name ?? '…'}
          </Anchor>
          <Text>{t('code.title')}</Text>
        </Breadcrumbs>
        {canEdit && (
          <Group gap="xs">
            <Button
              onClick={() => void save()}
              disabled={!current || text === saved || requirementsProblem !== undefined}
              loading={saveCode.isPending}
            >
              {t('code.save')}
            </Button>
            <Button
              variant="light"
              onClick={() => void doCommit()}
              disabled={!code.data?.changed.length || text !== saved}
              loading={commit.isPending}
            >
              {t('code.commit')}
            </Button>
          </Group>
        )}
      </Group>
      {canEdit && (
        <Text size="sm" c="dimmed">
          {t('code.warning')}
        </Text>
      )}
      {(error || code.isError) && (
        <Alert color="red" role="alert">
          {error ?? t('code.loadFailed')}
        </Alert>
      )}
      {canEdit && requirementsProblem && (
        <Alert color="red" role="alert">
          {requirementsProblem}
        </Alert>
      )}
      {/* Files beside the editor, or above it on a narrow window (the editor keeps the whole width). */}
      <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} gap="sm">
        <ScrollArea.Autosize
          mah={{ base: 160, sm: 'calc(100vh - 220px)' }}
          w={{ base: '100%', sm: 240 }}
          style={{ flexShrink: 0 }}
        >
          <Text size="xs" c="dimmed" mb={4}>
            {t('code.files')}
          </Text>
          {files.map((f) => (
            <NavLink
              key={f}
              label={f}
              active={f === current}
              onClick={() => setCurrent(f)}
              rightSection={
                code.data?.changed.includes(f) ? (
                  <Badge size="xs" variant="light">
                    {t('code.changed')}
                  </Badge>
                ) : null
              }
            />
          ))}
        </ScrollArea.Autosize>
        <Box style={{ flex: 1, minWidth: 0, border: '1px solid var(--mantine-color-default-border)' }}>
          <CodeMirror
            value={text}
            height="calc(100vh - 240px)"
            theme={scheme === 'dark' ? readableOneDark : 'light'}
            extensions={extensions}
            editable={canEdit}
            onChange={setText}
          />
          <VisuallyHidden id={hintId}>{t('code.leaveHint')}</VisuallyHidden>
        </Box>
      </Flex>
    </Stack>
  );
}
