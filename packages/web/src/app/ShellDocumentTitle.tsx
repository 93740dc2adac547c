import type { User } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle, usePublishedPageName } from '../ui/documentTitle.ts';
import type { ShellProject } from './shellProject.tsx';
import { projectAreaTitleKey, shellTitleKey } from './shellTitle.ts';

/**
 * The browser tab's title of a signed-in page: what the page shows (when it names it), its area, the project
 * ("Board · Data Apps · Sales · Tessera"); outside a project, the bar's own title ("User Settings · Tessera").
 */
export function ShellDocumentTitle({ user, project }: { user: Pick<User, 'name'>; project: ShellProject | null }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const pageName = usePublishedPageName();
  const area = projectAreaTitleKey(pathname);
  const shellKey = shellTitleKey(pathname);
  const where = area ? t(`tabs.${area}`) : shellKey ? t(`title.${shellKey}`, { first: user.name.first }) : null;
  useDocumentTitle(pageName, where, project?.name);
  return null;
}
