import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ProjectEventName, type ProjectEventPayload, TOAST_MS } from '@tessera/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

/**
 * The realtime job notices of spec 1 §4, in one place: the toasts a project's live channel raises.
 *
 * `NOTICE_KINDS` is the spec's catalogue (text and duration of each notice). `PROJECT_NOTICES` maps an event
 * of the shared event map (`projectEvents`) to the notice it raises. The events of this issue (project and
 * membership changes) raise none; each later issue that adds a job event to the shared map adds its line here,
 * e.g. for model runs:
 *
 *   'model:run:finished': (run) => ({ kind: run.status === 'finished' ? 'modelRunComplete' : 'modelRunFailed',
 *                                     subject: run.modelName }),
 */

type Action = 'commitChanges' | 'revertChanges' | 'continueEditing';

interface NoticeKind {
  color: 'green' | 'red' | 'blue';
  /** Milliseconds, or false to stay until closed (failures that offer a choice of actions). */
  autoClose: number | false;
}

/**
 * Durations given by the spec: model runs and package uploads 7 s, "started" notices 3 s, environment
 * updated 4 s. Where it gives none, a success or failure stays 7 s like its siblings, and a failure offering
 * actions (Revert Changes / Continue Editing Code) stays until the user picks one or closes it.
 */
export const NOTICE_KINDS = {
  modelRunComplete: { color: 'green', autoClose: TOAST_MS.jobLong },
  modelRunFailed: { color: 'red', autoClose: TOAST_MS.jobLong },
  sourceCodeUpdateStarted: { color: 'blue', autoClose: TOAST_MS.jobShort },
  sourceCodeUpdated: { color: 'green', autoClose: TOAST_MS.jobLong },
  sourceCodeUpdateFailed: { color: 'red', autoClose: false },
  sourceCodeUploaded: { color: 'green', autoClose: TOAST_MS.jobLong },
  sourceCodeUploadFailed: { color: 'red', autoClose: TOAST_MS.jobLong },
  environmentUpdateStarted: { color: 'blue', autoClose: TOAST_MS.jobShort },
  environmentUpdated: { color: 'green', autoClose: TOAST_MS.jobMedium },
  environmentUpdateFailed: { color: 'red', autoClose: TOAST_MS.jobLong },
  dependenciesUpdateStarted: { color: 'blue', autoClose: TOAST_MS.jobShort },
  dependenciesUpdated: { color: 'green', autoClose: TOAST_MS.jobLong },
  dependenciesUpdateFailed: { color: 'red', autoClose: TOAST_MS.jobLong },
  modelUpdateFailed: { color: 'red', autoClose: TOAST_MS.jobLong },
} as const satisfies Record<string, NoticeKind>;
export type NoticeKindKey = keyof typeof NOTICE_KINDS;

/** What an event's notice says: its kind, what it is about (a model's or package's name), its actions. */
export interface ProjectNotice {
  kind: NoticeKindKey;
  subject?: string;
  actions?: Array<{ action: Action; onClick: () => void }>;
}

export type NoticeTable = {
  [E in ProjectEventName]?: (payload: ProjectEventPayload<E>) => ProjectNotice | undefined;
};

/** Event → notice. Empty until the job events of later issues exist in the shared map (see above). */
export const PROJECT_NOTICES: NoticeTable = {};

/** The notification's options for a notice (pure: the tests read titles and durations from it). */
export function noticeOptions(notice: ProjectNotice, t: TFunction) {
  const kind: NoticeKind = NOTICE_KINDS[notice.kind];
  const body: ReactNode = (
    <Stack gap={6}>
      {notice.subject && <Text size="sm">{notice.subject}</Text>}
      {notice.actions && notice.actions.length > 0 && (
        <Group gap="xs">
          {notice.actions.map(({ action, onClick }) => (
            <Button key={action} size="compact-xs" variant="light" onClick={onClick}>
              {t(`projects:notices.actions.${action}`)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
  return { title: t(`projects:notices.${notice.kind}`), message: body, color: kind.color, autoClose: kind.autoClose };
}

/** Raises the notice of an event, if its line in the table gives one. */
export function showProjectNotice<E extends ProjectEventName>(
  event: E,
  payload: ProjectEventPayload<E>,
  t: TFunction,
  table: NoticeTable = PROJECT_NOTICES,
): boolean {
  const notice = table[event]?.(payload);
  if (!notice) return false;
  notifications.show(noticeOptions(notice, t));
  return true;
}
