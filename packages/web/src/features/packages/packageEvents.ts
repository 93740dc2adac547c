import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { api, PACKAGE_NOTICE_MS, type PackageEvent } from '@tessera/shared';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import { ApiError, call } from '../../api/client.ts';
import { packageKeys } from '../../api/packages.ts';
import { CommitChangesMessage } from './CommitChangesMessage.tsx';

/** Commits a package from a notice's action (after a dependency update); a refusal is shown as the server said. */
function commitFromNotice(packageId: string) {
  call(api.commitPackage, { params: { id: packageId } }).catch((error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : String(error) }),
  );
}

/**
 * A live package event: the lists and the package refetch; a build step's end raises its notice (spec 1 §4:
 * 'Source code uploaded:' / 'Source code upload failed:' 7 s; env and dependency updates started 3 s,
 * succeeded 4 s, failed).
 */
export function applyPackageEvent(name: string, data: unknown, client: QueryClient, projectId: string, t: TFunction) {
  void client.invalidateQueries({ queryKey: packageKeys.all(projectId) });
  if (name !== 'package:updated') return;
  const event = data as PackageEvent;
  const notice = packageNotice(event);
  if (!notice) return;
  const id = `package-${event._id}-${notice.key}`;
  const message = notice.commit
    ? createElement(CommitChangesMessage, {
        name: event.name,
        label: t('packages:notices.commitChanges'),
        onCommit: () => {
          notifications.hide(id);
          commitFromNotice(event._id);
        },
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
): { key: string; color: string; ms: number | false; commit?: boolean } | undefined {
  const { kind, phase } = event;
  if (!kind || phase === 'updated') return undefined;
  if (kind === 'upload' || kind === 'update') {
    if (phase === 'succeeded') return { key: 'uploaded', color: 'green', ms: PACKAGE_NOTICE_MS.uploaded };
    if (phase === 'failed') return { key: 'uploadFailed', color: 'red', ms: PACKAGE_NOTICE_MS.uploaded };
    return undefined;
  }
  if (phase === 'started') return { key: `${kind}Started`, color: 'blue', ms: PACKAGE_NOTICE_MS.started };
  if (phase === 'succeeded') {
    // A dependency update is kept in the working copy: the notice offers to commit it (spec 1 §4).
    return { key: `${kind}Succeeded`, color: 'green', ms: PACKAGE_NOTICE_MS.success, commit: kind === 'dependencies' };
  }
  return { key: `${kind}Failed`, color: 'red', ms: false };
}
