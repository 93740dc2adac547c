import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../app/testing.tsx';
import i18n from '../../../i18n/index.ts';
import { makeProject } from '../testFixtures.ts';
import {
  NOTICE_KINDS,
  type NoticeTable,
  noticeOptions,
  PROJECT_NOTICES,
  showProjectNotice,
} from './projectNotices.tsx';

const t = i18n.getFixedT('en');
const { permission: _permission, organization: _organization, ...project } = makeProject('Budget');

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

describe('realtime job notices', () => {
  it('last as long as spec 1 §4 says', () => {
    const ms = (kind: keyof typeof NOTICE_KINDS) => NOTICE_KINDS[kind].autoClose;
    expect([ms('modelRunComplete'), ms('modelRunFailed'), ms('sourceCodeUploaded')]).toEqual([7000, 7000, 7000]);
    expect([ms('sourceCodeUpdateStarted'), ms('environmentUpdateStarted'), ms('dependenciesUpdateStarted')]).toEqual([
      3000, 3000, 3000,
    ]);
    expect(ms('environmentUpdated')).toBe(4000);
  });

  it('carry the spec’s titles', () => {
    expect(noticeOptions({ kind: 'modelRunComplete' }, t).title).toBe('Model Run Complete:');
    expect(noticeOptions({ kind: 'modelRunFailed' }, t).title).toBe('Model Run Failed:');
    expect(noticeOptions({ kind: 'sourceCodeUploaded' }, t).title).toBe('Source code uploaded:');
    expect(noticeOptions({ kind: 'sourceCodeUploadFailed' }, t).title).toBe('Source code upload failed:');
    expect(noticeOptions({ kind: 'modelUpdateFailed' }, t).title).toBe('Source Code Update Failed:');
  });

  it('raise nothing for the events of this issue', () => {
    expect(PROJECT_NOTICES).toEqual({});
    expect(showProjectNotice('project:updated', project, t)).toBe(false);
  });

  it('show an event’s notice with its subject and actions, from the table', async () => {
    const commit = vi.fn();
    const table: NoticeTable = {
      'project:updated': (p) => ({
        kind: 'sourceCodeUpdated',
        subject: p.name,
        actions: [{ action: 'commitChanges', onClick: commit }],
      }),
    };
    renderWithProviders(<Notifications />);
    act(() => void showProjectNotice('project:updated', project, t, table));
    expect(await screen.findByText('Source code updated:')).toBeTruthy();
    expect(screen.getByText('Budget')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Commit Changes' }));
    expect(commit).toHaveBeenCalledOnce();
  });
});
