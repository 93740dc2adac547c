import { FileInput, Modal, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { baseImageLabel, DEFAULT_BASE_IMAGE, type Package, PYTHON_BASE_IMAGES } from '@tessera/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { packageKeys, sendPackageZip, usePythonVersions } from '../../api/packages.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { useServerText } from '../../ui/serverText.ts';
import { PackageGuide } from './PackageGuide.tsx';

interface Props {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  /** Update Package: a new zip for this package (its name and base image preset). */
  existing?: Package;
  onUploaded?: (pkg: Package) => void;
}

/**
 * Add package / Update Package: a .zip and a name, both required; a base image from Python 3.7 to
 * 3.11 slim (by default the server's: docs/writing-a-package.md), those this server lacks disabled with the
 * reason. It says what a package is, offers a template to download and links the guide. The upload shows its
 * progress.
 */
export function PackageUploadModal({ opened, onClose, projectId, existing, onUploaded }: Props) {
  const { t } = useTranslation('packages');
  const client = useQueryClient();
  const versions = usePythonVersions();
  const serverText = useServerText();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState(existing?.name ?? '');
  const [picked, setBaseImage] = useState<string>();
  // The server's default: the newest Python the package index serves the usual libraries for (or the operator's).
  const baseImage = picked ?? existing?.baseImage ?? versions.data?.default ?? DEFAULT_BASE_IMAGE;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [percent, setPercent] = useState<number | null>(null);

  const options = PYTHON_BASE_IMAGES.map((version) => {
    const known = versions.data?.versions.find((v) => v.version === version);
    const disabled = known ? !known.available : false;
    const label = baseImageLabel(version);
    return { value: version, label: disabled && known?.reason ? `${label} — ${known.reason}` : label, disabled };
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!file) problems.zipfile = t('upload.required');
    else if (!file.name.toLowerCase().endsWith('.zip')) problems.zipfile = t('upload.zipOnly');
    if (!name.trim()) problems.name = t('upload.required');
    setErrors(problems);
    setFormError(undefined);
    if (Object.keys(problems).length || !file) return;
    setPercent(0);
    try {
      const pkg = await sendPackageZip(
        { projectId, packageId: existing?._id },
        { name: name.trim(), baseImage },
        file,
        (sent, total) => setPercent(total ? Math.round((sent / total) * 100) : 0),
      ).done;
      await client.invalidateQueries({ queryKey: packageKeys.all(projectId) });
      onUploaded?.(pkg);
      setFile(null);
      if (!existing) setName('');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, serverText(v)])));
      }
      setFormError(error instanceof ApiError ? serverText(error.message) : String(error));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={existing ? t('upload.updateTitle') : t('upload.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {!existing && <PackageGuide />}
          <FileInput
            label={t('upload.file')}
            placeholder={t('upload.filePlaceholder')}
            accept=".zip,application/zip"
            value={file}
            onChange={(f) => {
              setFile(f);
              setErrors((e) => ({ ...e, zipfile: '', ...(f && !name ? { name: '' } : {}) }));
              if (f && !name) setName(f.name.replace(/\.zip$/i, ''));
            }}
            error={errors.zipfile}
            required
            clearable
          />
          <TextInput
            label={t('upload.name')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors((errs) => ({ ...errs, name: '' }));
            }}
            error={errors.name}
            required
          />
          <Select
            label={t('upload.baseImage')}
            data={options}
            value={baseImage}
            onChange={(v) => v && setBaseImage(v)}
            allowDeselect={false}
            error={errors.baseImage}
          />
          {percent !== null && (
            <Stack gap={4}>
              <Progress value={percent} aria-label={t('upload.sending', { percent })} />
              <Text size="sm" c="dimmed">
                {t('upload.sending', { percent })}
              </Text>
            </Stack>
          )}
          <FormActions
            error={formError && !Object.values(errors).some(Boolean) ? formError : undefined}
            cancelLabel={t('upload.cancel')}
            onCancel={onClose}
            cancelDisabled={percent !== null}
            submitLabel={t('upload.submit')}
            busy={percent !== null}
          />
        </Stack>
      </form>
    </Modal>
  );
}
