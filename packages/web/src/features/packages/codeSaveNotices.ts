import { notifications } from '@mantine/notifications';
import { PACKAGE_NOTICE_MS } from '@tessera/shared';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import { type NoticeAction, NoticeActionsMessage } from './NoticeActionsMessage.tsx';

const SAVED_ID = 'package-code-saved';
const FAILED_ID = 'package-code-save-failed';

function actionsFor(id: string, actions: NoticeAction[]): NoticeAction[] {
  return actions.map((action) => ({
    label: action.label,
    onClick: () => {
      notifications.hide(id);
      action.onClick();
    },
  }));
}

/** A file of the code editor saved (a source-code update): "Source code updated:" with Commit Changes. */
export function showCodeSaved(t: TFunction, name: string, onCommit: () => void) {
  notifications.hide(FAILED_ID);
  notifications.show({
    id: SAVED_ID,
    color: 'green',
    autoClose: PACKAGE_NOTICE_MS.success,
    title: t('packages:notices.commitSucceeded'),
    message: createElement(NoticeActionsMessage, {
      name,
      actions: actionsFor(SAVED_ID, [{ label: t('packages:notices.commitChanges'), onClick: onCommit }]),
    }),
  });
}

/**
 * A save refused: "Source Code Update Failed:" until closed, with Revert Changes (the editor back to the saved
 * text) and Continue Editing Code (the edits kept).
 */
export function showCodeSaveFailed(t: TFunction, name: string, onRevert: () => void, onContinue: () => void) {
  notifications.show({
    id: FAILED_ID,
    color: 'red',
    autoClose: false,
    title: t('packages:notices.commitFailed'),
    message: createElement(NoticeActionsMessage, {
      name,
      actions: actionsFor(FAILED_ID, [
        { label: t('packages:notices.revertChanges'), onClick: onRevert },
        { label: t('packages:notices.continueEditing'), onClick: onContinue },
      ]),
    }),
  });
}
