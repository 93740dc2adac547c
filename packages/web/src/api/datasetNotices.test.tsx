import { Notifications, notifications } from '@mantine/notifications';
import type { DatasetJob, Job } from '@tessera/shared';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { renderWithProviders, testQueryClient } from '../ui/testing.tsx';
import { applyDatasetEvent, datasetKeys } from './datasets.ts';

const job = (type: Job['type'], status: Job['status']) =>
  ({
    _id: '0123456789abcdef01234567',
    projectId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    name: 'sales',
    type,
    status,
    ownerType: 'dataset',
    ownerId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  }) as Job;

const raise = (j: Job) =>
  act(() => applyDatasetEvent('job:updated', j, testQueryClient(), 'aaaaaaaaaaaaaaaaaaaaaaaa', i18n.t));

beforeEach(() => {
  void i18n.changeLanguage('en');
  renderWithProviders(<Notifications />);
});
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  void i18n.changeLanguage('en');
});

describe('dataset job notices', () => {
  it.each([
    ['en', 'Data appended: sales'],
    ['fr', 'Données ajoutées : sales'],
  ])('a completed append says so (%s)', async (lang, text) => {
    await i18n.changeLanguage(lang);
    raise(job('append', 'active'));
    raise(job('append', 'failed'));
    expect(screen.queryByText(text)).toBeNull();
    raise(job('append', 'completed'));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('a completed feature detection still says the dataset is imported', async () => {
    raise(job('featureDetection', 'completed'));
    expect(await screen.findByText('Dataset imported: sales')).toBeTruthy();
  });
});

describe('a dataset job updated live', () => {
  it('takes the new message whole: a text without a code leaves none of the older code', () => {
    const client = testQueryClient();
    const projectId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const restarted = {
      ...job('append', 'queued'),
      message: 'Started again: the server running it stopped',
      messageCode: 'job.restarted',
    } as DatasetJob;
    client.setQueryData<DatasetJob[]>(datasetKeys.jobs(projectId), [restarted]);
    const failed = { ...job('append', 'failed'), message: 'Traceback: ValueError' };
    act(() => applyDatasetEvent('job:updated', failed, client, projectId, i18n.t));
    const [shown] = client.getQueryData<DatasetJob[]>(datasetKeys.jobs(projectId)) ?? [];
    expect(shown).toMatchObject({ status: 'failed', message: 'Traceback: ValueError' });
    expect(shown).not.toHaveProperty('messageCode');
  });
});
