import type { ServerMessage } from '@tessera/shared';

/** A package's environment variables: `KEY=value` lines; blank lines and `#` comments allowed. */
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names the sandbox sets itself: a package may not replace them. */
const RESERVED = new Set(['HOME', 'PATH', 'PYTHONPATH', 'PYTHONHOME', 'PYTHONUNBUFFERED', 'VIRTUAL_ENV']);

export function parseEnv(text: string): { vars: Record<string, string>; error?: ServerMessage } {
  const vars: Record<string, string> = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const key = (eq < 0 ? line : line.slice(0, eq)).trim().replace(/^export\s+/, '');
    if (eq < 0 || !KEY.test(key)) return { vars, error: { code: 'package.envLine', params: { line: index + 1 } } };
    if (RESERVED.has(key)) return { vars, error: { code: 'package.envReserved', params: { line: index + 1, key } } };
    let value = line.slice(eq + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]))
      value = value.slice(1, -1);
    vars[key] = value;
  }
  return { vars };
}
