import type { DatasetJob, JobStatus } from '@tessera/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { UploadQueue } from './UploadQueue.tsx';
import { queueExpanded } from './uploadQueue.ts';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

let n = 0;
function job(status: JobStatus, minute: number): DatasetJob {
  n += 1;
  const time = `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
  return {
    _id: `64b7f0c2a1b2c3d4e5f6${String(n).padStart(4, '0')}`,
    projectId: '64b7f0c2a1b2c3d4e5f60001',
    name: `job ${n}`,
    type: 'featureDetection',
    status,
    ownerType: 'dataset',
    ownerId: '64b7f0c2a1b2c3d4e5f60002',
    user: { id: null },
    progress: null,
    message: null,
    timeCreated: time,
    lastUpdated: time,
    kind: 'upload',
    fileName: `file${n}.csv`,
    bytes: 10,
    rowCount: null,
    dataDeleted: false,
  };
}

describe('queueExpanded', () => {
  it('is expanded when one of the 3 newest jobs is continue or active', () => {
    expect(queueExpanded([job('completed', 1), job('continue', 2), job('completed', 3), job('failed', 4)])).toBe(true);
    expect(queueExpanded([job('active', 5), job('completed', 1)])).toBe(true);
  });

  it('is collapsed when only older jobs run, or when the newest are queued or finished', () => {
    expect(queueExpanded([job('active', 1), job('completed', 2), job('completed', 3), job('failed', 4)])).toBe(false);
    expect(queueExpanded([job('queued', 3), job('completed', 2), job('cancelled', 1)])).toBe(false);
    expect(queueExpanded([])).toBe(false);
  });
});

describe('UploadQueue', () => {
  it('opens by itself while a newest job is active, and stays closed otherwise', () => {
    renderWithProviders(<UploadQueue jobs={[job('active', 9), job('completed', 1)]} running={[]} />);
    expect(screen.getByRole('button', { name: 'Uploads' }).getAttribute('aria-expanded')).toBe('true');
    cleanup();
    renderWithProviders(<UploadQueue jobs={[job('completed', 9), job('failed', 8)]} running={[]} />);
    expect(screen.getByRole('button', { name: 'Uploads' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a failed job’s reason in red and its status colours (issue #20 item 5)', () => {
    const failed = { ...job('failed', 9), message: 'Missing columns: rain' };
    renderWithProviders(<UploadQueue jobs={[job('active', 10), failed, job('completed', 1)]} running={[]} />);
    expect(screen.getByTestId('queue-job-message').textContent).toBe('Missing columns: rain');
    const style = (status: string) => document.querySelector(`[data-status="${status}"]`)?.getAttribute('style') ?? '';
    expect(style('failed')).toContain('#D94E4E');
    expect(style('completed')).toContain('#00C48B');
  });

  it('says a failed job’s reason in French from its code, with the column names the server stored', async () => {
    await i18n.changeLanguage('fr');
    const failed = {
      ...job('failed', 9),
      message: 'Missing columns: rain, city; unexpected columns: snow',
      messageCode: 'ingest.columnsMismatch',
      messageParams: { missing: 'rain, city', unexpected: 'snow' },
    };
    renderWithProviders(<UploadQueue jobs={[job('active', 10), failed]} running={[]} />);
    expect(screen.getByTestId('queue-job-message').textContent).toBe(
      'Colonnes manquantes : rain, city ; colonnes inattendues : snow',
    );
  });

  it('shows the English text as given of a job stored without a code (before codes were, or not ours)', async () => {
    await i18n.changeLanguage('fr');
    const failed = { ...job('failed', 9), message: 'Missing columns: rain' };
    renderWithProviders(<UploadQueue jobs={[job('active', 10), failed]} running={[]} />);
    expect(screen.getByTestId('queue-job-message').textContent).toBe('Missing columns: rain');
  });
});
