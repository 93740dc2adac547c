import type { Dataset, DatasetJob } from '@tessera/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders, stubNetwork } from '../../../ui/testing.tsx';
import { HistoryTab } from './HistoryTab.tsx';

const DATASET_ID = '64b7f0c2a1b2c3d4e5f60002';
const REFUSAL = 'Missing columns: rain; unexpected columns: snow';

const job = (
  n: number,
  status: DatasetJob['status'],
  message: string | null,
  said?: Pick<DatasetJob, 'messageCode' | 'messageParams'>,
): DatasetJob => ({
  _id: `64b7f0c2a1b2c3d4e5f6000${n}`,
  projectId: '64b7f0c2a1b2c3d4e5f60001',
  name: `weather${n}.csv`,
  type: 'featureDetection',
  status,
  ownerType: 'dataset',
  ownerId: DATASET_ID,
  user: { id: null },
  progress: null,
  message,
  ...said,
  timeCreated: '2026-01-01T10:00:00.000Z',
  lastUpdated: '2026-01-01T10:00:00.000Z',
  kind: n === 1 ? 'upload' : 'append',
  fileName: `weather${n}.csv`,
  bytes: 10,
  rowCount: status === 'completed' ? 3 : null,
  dataDeleted: false,
});

/** The server's answer to the append: refused with the difference of columns, by its code and the names. */
class RefusingXhr {
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send() {
    this.status = 400;
    const params = { missing: 'rain', unexpected: 'snow' };
    this.responseText = JSON.stringify({
      error: {
        code: 'validation',
        message: REFUSAL,
        reason: 'ingest.columnsMismatch',
        params,
        fields: { file: REFUSAL },
        fieldReasons: { file: 'ingest.columnsMismatch' },
        fieldParams: { file: params },
      },
    });
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  stubNetwork((key) =>
    key === `GET /api/v1/datasets/${DATASET_ID}/jobs`
      ? {
          status: 200,
          body: {
            originalFileName: 'weather1.csv',
            timeCreated: '2026-01-01T10:00:00.000Z',
            lastUpdated: '2026-01-01T10:00:00.000Z',
            jobs: [
              // The refusal as the server stores it: by its code and the column names (the translation's parts).
              job(2, 'failed', REFUSAL, {
                messageCode: 'ingest.columnsMismatch',
                messageParams: { missing: 'rain', unexpected: 'snow' },
              }),
              job(1, 'completed', null),
            ],
          },
        }
      : undefined,
  );
  vi.stubGlobal('XMLHttpRequest', RefusingXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dataset = { _id: DATASET_ID, imported: true } as Dataset;

describe('Append History (issue #20 item 5)', () => {
  it.each([
    ['en', 'Missing columns: rain; unexpected columns: snow', 'Append', 'The file was not appended'],
    ['fr', 'Colonnes manquantes : rain ; colonnes inattendues : snow', 'Ajouter', "Le fichier n'a pas été ajouté"],
  ])(
    'shows the reason of a refused append in the modal and on the job, coloured (%s)',
    async (language, text, submit, title) => {
      await i18n.changeLanguage(language);
      renderWithProviders(<HistoryTab projectId="64b7f0c2a1b2c3d4e5f60001" dataset={dataset} canEdit />);
      // On the job: the failed job in red with its reason, the completed one in green.
      expect((await screen.findByTestId('job-message')).textContent).toBe(text);
      const badges = document.querySelectorAll<HTMLElement>('[data-status]');
      const colorOf = (status: string) =>
        [...badges].find((b) => b.dataset.status === status)?.getAttribute('style') ?? '';
      expect(colorOf('failed')).toContain('#D94E4E');
      expect(colorOf('completed')).toContain('#00C48B');
      // In the modal: the append is refused with the server's reason, and the modal stays open.
      fireEvent.click(screen.getByRole('button', { name: i18n.t('datasets:history.append') }));
      const modal = await screen.findByRole('dialog');
      const input = modal.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, {
        target: { files: [new File(['city,snow\nA,1\n'], 'other.csv', { type: 'text/csv' })] },
      });
      await waitFor(() => expect(within(modal).getByText('other.csv')).toBeTruthy());
      fireEvent.click(within(modal).getByRole('button', { name: submit }));
      const alert = await within(modal).findByTestId('append-error');
      expect(alert.textContent).toContain(title);
      expect(alert.textContent).toContain(text);
      expect(screen.getByRole('dialog')).toBeTruthy();
    },
  );
});
