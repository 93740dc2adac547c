import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsJoin, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JoinedDatasetModal } from './joined/JoinedDatasetModal.tsx';
import { UploadForm } from './upload/UploadForm.tsx';
import { useUploads } from './upload/UploadsContext.tsx';

/** Add Dataset: Upload File (.csv) or Create Joined Dataset. */
export function AddDatasetModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation('datasets');
  const navigate = useNavigate();
  const uploads = useUploads();
  const [choice, setChoice] = useState<'upload' | 'joined' | null>(null);

  if (choice === 'joined') return <JoinedDatasetModal projectId={projectId} onClose={onClose} />;

  const upload = async (file: File, name: string) => {
    const id = await uploads.start(file, name);
    if (!id) return;
    onClose();
    void navigate(`/projects/${projectId}/datasets/${id}`);
  };

  return (
    <Modal opened onClose={onClose} title={t('add.title')} size="lg">
      {choice === 'upload' ? (
        <UploadForm onUpload={upload} />
      ) : (
        <SimpleGrid cols={2}>
          <Button variant="default" h={110} onClick={() => setChoice('upload')}>
            <Stack align="center" gap={4}>
              <IconFileUpload size={32} />
              <Text>{t('add.upload')}</Text>
            </Stack>
          </Button>
          <Button variant="default" h={110} onClick={() => setChoice('joined')}>
            <Stack align="center" gap={4}>
              <IconArrowsJoin size={32} />
              <Text>{t('add.joined')}</Text>
            </Stack>
          </Button>
        </SimpleGrid>
      )}
    </Modal>
  );
}
