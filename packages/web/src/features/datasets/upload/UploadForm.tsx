import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { datasetNameFromFile, uploadFileError } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface UploadFormProps {
  /** Sends the checked file under the chosen name. */
  onUpload: (file: File, name: string) => void | Promise<void>;
  /** Asks only for a file (appends keep the dataset's name). */
  withName?: boolean;
  submitLabel?: string;
}

/**
 * Picks a .csv file: dropped or chosen, it is checked at once ("wrong file type", "file too large")
 * and its name, without the extension, becomes the dataset's default name.
 */
export function UploadForm({ onUpload, withName = true, submitLabel }: UploadFormProps) {
  const { t } = useTranslation('datasets');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (files: File[]) => {
    const picked = files[0];
    if (!picked) return;
    const problem = uploadFileError(picked);
    setFileError(problem ? t(`messages.${problem === 'wrong file type' ? 'wrongFileType' : 'fileTooLarge'}`) : null);
    setFile(problem ? null : picked);
    if (!problem) setName(datasetNameFromFile(picked.name));
  };

  const submit = async () => {
    if (!file) return setFileError(t('messages.fileRequired'));
    if (withName && !name.trim()) return setNameError(t('messages.fileRequired'));
    setBusy(true);
    try {
      await onUpload(file, name.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Dropzone onDrop={pick} onReject={(rejected) => pick(rejected.map((r) => r.file))} multiple={false}>
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }}>
          {file ? <IconFileTypeCsv size={40} /> : <IconUpload size={40} />}
          <div>
            <Text size="lg">{file ? file.name : t('upload.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('messages.accepted')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('messages.maxSize')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {fileError && (
        <Text c="red" size="sm" role="alert">
          {fileError}
        </Text>
      )}
      {withName && (
        <TextInput
          label={t('upload.name')}
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={busy} disabled={!file}>
          {submitLabel ?? t('upload.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
