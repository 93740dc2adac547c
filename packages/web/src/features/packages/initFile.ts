import type { Package } from '@tessera/shared';

/** What the package page says about a package's `__init__.py`. */
export interface InitFileView {
  /** The file shown: the root `__init__.py`, else the shallowest one in a folder; null when there is none. */
  path: string | null;
  /** Its text ('' when there is no file). */
  text: string;
  /** 'content' when it holds more than blanks (a docstring, imports...), 'blank' when it holds nothing else. */
  state: 'content' | 'blank' | 'missing';
  /** Whether the module it is defines functions a model can run. */
  hasFunctions: boolean;
}

/**
 * The `__init__.py` the package page shows, from the working copy's files (by path) and the package's modules.
 * A file is called empty only when it holds nothing but blanks: one with a docstring shows its docstring, and one
 * without functions says so in those words.
 */
export function initFileView(files: Record<string, string>, modules: Package['modules']): InitFileView {
  const depth = (p: string) => p.split('/').length;
  const candidates = Object.keys(files)
    .filter((p) => p === '__init__.py' || p.endsWith('/__init__.py'))
    .sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  const path = candidates[0] ?? null;
  if (path === null) return { path, text: '', state: 'missing', hasFunctions: false };
  const text = files[path];
  const module = modules.find((m) => m.filename === path);
  return {
    path,
    text,
    state: text.trim() ? 'content' : 'blank',
    hasFunctions: Boolean(module && module.algorithms.length > 0),
  };
}
