import type { Tab } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { TypedConfirmModal } from '../../../ui/TypedConfirmModal.tsx';
import { TabModal } from './TabModal.tsx';
import type { TabActions } from './useTabActions.ts';

export type TabDialog = { kind: 'new' } | { kind: 'edit'; tab: Tab } | { kind: 'delete'; tab: Tab };

/** New Tab, Edit Tab and the Delete Tab confirmation (the section variants for reports). */
export function TabDialogs({
  dialog,
  actions,
  onClose,
}: {
  dialog: TabDialog | null;
  actions: TabActions;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboards');
  const { words } = actions;
  const report = words === 'sections';
  const nameLabel = t(report ? 'sections.name' : 'tabs.name');
  return (
    <>
      {dialog?.kind === 'new' && (
        <TabModal
          title={t(`${words}.newTitle`)}
          nameLabel={nameLabel}
          withDescription={!report}
          initial={{ name: '', description: '' }}
          submitLabel={t('appForm.create')}
          onSubmit={actions.create}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'edit' && (
        <TabModal
          title={t(`${words}.edit`)}
          nameLabel={nameLabel}
          withDescription={!report}
          initial={{ name: dialog.tab.name, description: dialog.tab.description }}
          submitLabel={t('appForm.save')}
          onSubmit={(values) => actions.edit(dialog.tab._id, values)}
          onClose={onClose}
        />
      )}
      <TypedConfirmModal
        opened={dialog?.kind === 'delete'}
        onClose={onClose}
        title={t(`${words}.delete`)}
        message={t(`${words}.deleteMessage`, { name: dialog?.kind === 'delete' ? dialog.tab.name : '' })}
        expected={dialog?.kind === 'delete' ? dialog.tab.name : ''}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          if (dialog?.kind === 'delete') await actions.remove(dialog.tab._id);
        }}
      />
    </>
  );
}
