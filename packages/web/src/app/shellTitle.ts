/**
 * The navigation bar's title for a path outside a project. Inside a project the title is the
 * project's name with its organization's logo instead (see ShellProject).
 */
export type ShellTitleKey =
  | 'welcome'
  | 'userSettings'
  | 'organizationSettings'
  | 'clientOrganizations'
  | 'productOperations';

const RULES: Array<[RegExp, ShellTitleKey]> = [
  [/^\/projects\/?$/, 'welcome'],
  [/^\/settings\/?$/, 'userSettings'], // the settings root redirects to users/my
  [/^\/settings\/users(\/|$)/, 'userSettings'],
  [/^\/settings\/organizations(\/|$)/, 'organizationSettings'],
  [/^\/settings\/clients(\/|$)/, 'clientOrganizations'],
  [/^\/settings\/root(\/|$)/, 'productOperations'],
];

export function shellTitleKey(pathname: string): ShellTitleKey | null {
  for (const [pattern, key] of RULES) if (pattern.test(pathname)) return key;
  return null;
}

export type ProjectAreaTitleKey = 'dashboards' | 'datasets' | 'models' | 'forms' | 'assistant';

const AREA_TITLES: Record<string, ProjectAreaTitleKey> = {
  dashboards: 'dashboards',
  datasets: 'datasets',
  models: 'models',
  packages: 'models',
  forms: 'forms',
  mobi: 'assistant',
};

/** The project area a path is in (its navigation tab), for the page's title; null outside a project's areas. */
export function projectAreaTitleKey(pathname: string): ProjectAreaTitleKey | null {
  const area = /^\/projects\/[^/]+\/([^/]+)/.exec(pathname)?.[1];
  return area ? (AREA_TITLES[area] ?? null) : null;
}
