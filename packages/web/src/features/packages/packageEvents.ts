import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { api, PACKAGE_NOTICE_MS, type PackageEvent } from '@tessera/shared';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import { ApiError, call } from '../../api/client.ts';
import { packageKeys } from '../../api/packages.ts';
import { NoticeActionsMessage } from './NoticeActionsMessage.tsx';

export type PackageNoticeAction = 'commitChanges' | 'revertChanges' | 'continueEditing';

/** A notice action's request (commit, revert); a refusal is shown as the server said. */
function requestFromNotice(endpoint: typeof api.commitPackage | typeof api.revertPackage, packageId: string) {
  call(endpoint, { params: { id: packageId } }).catch((error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : String(error) }),
  );
}

/** Where a notice's actions lead: the page to open (Continue Editing Code goes to the package's code). */
export interface PackageNoticeContext {
  open: (path: string) => void;
}

/**
 * A live package event: the lists and the package refetch; a build step's end raises its notice (docs/product.md
 * "Packages: notices"): uploads, source-code updates (commits), env and dependency updates started, succeeded or
 * failed, with their actions.
 */
export function applyPackageEvent(
  name: string,
  data: unknown,
  client: QueryClient,
  projectId: string,
  t: TFunction,
  ctx: PackageNoticeContext,
) {
  void client.invalidateQueries({ queryKey: packageKeys.all(projectId) });
  if (name !== 'package:updated') return;
  const event = data as PackageEvent;
  const notice = packageNotice(event);
  if (!notice) return;
  const id = `package-${event._id}-${notice.key}`;
  const run: Record<PackageNoticeAction, () => void> = {
    commitChanges: () => requestFromNotice(api.commitPackage, event._id),
    revertChanges: () => requestFromNotice(api.revertPackage, event._id),
    continueEditing: () => ctx.open(`/projects/${projectId}/packages/${event._id}/code`),
  };
  const actions = notice.actions ?? [];
  const message = actions.length
    ? createElement(NoticeActionsMessage, {
        name: event.name,
        actions: actions.map((action) => ({
          label: t(`packages:notices.${action}`),
          onClick: () => {
            notifications.hide(id);
            run[action]();
          },
        })),
      })
    : event.name;
  notifications.show({
    id,
    color: notice.color,
    autoClose: notice.ms,
    title: t(`packages:notices.${notice.key}`),
    message,
  });
}

/** Which notice a package event raises (none for plain edits and for the start of an upload's build). */
export function packageNotice(
  event: PackageEvent,
): { key: string; color: string; ms: number | false; actions?: PackageNoticeAction[] } | undefined {
  const { kind, phase } = event;
  if (!kind || phase === 'updated') return undefined;
  if (kind === 'upload' || kind === 'update') {
    if (phase === 'succeeded') return { key: 'uploaded', color: 'green', ms: PACKAGE_NOTICE_MS.uploaded };
    if (phase === 'failed') return { key: 'uploadFailed', color: 'red', ms: PACKAGE_NOTICE_MS.uploaded };
    return undefined;
  }
  if (phase === 'started') return { key: `${kind}Started`, color: 'blue', ms: PACKAGE_NOTICE_MS.started };
  if (phase === 'succeeded') {
    // A dependency update is kept in the working copy: the notice offers to commit it. A commit is kept already.
    const actions: PackageNoticeAction[] = kind === 'dependencies' ? ['commitChanges'] : [];
    return { key: `${kind}Succeeded`, color: 'green', ms: PACKAGE_NOTICE_MS.success, actions };
  }
  // A failed source-code update (a commit's build) offers to go back to the previous code or to keep editing.
  const actions: PackageNoticeAction[] = kind === 'commit' ? ['revertChanges', 'continueEditing'] : [];
  return { key: `${kind}Failed`, color: 'red', ms: false, actions };
}
