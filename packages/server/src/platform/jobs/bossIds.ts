import { ID_PATTERN } from '@tessera/shared';

/**
 * pg-boss 10 keys its jobs by uuid; ours are 24 hex characters. The pg-boss job of job `id` has the uuid made
 * of those 24 characters followed by eight zeros, so either id gives the other without a lookup table.
 */
export function toBossId(id: string): string {
  if (!ID_PATTERN.test(id)) throw new Error(`not a job id: ${id}`);
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 24)}00000000`;
}

/** The job id of a pg-boss job id, or undefined for a pg-boss job that is not one of ours. */
export function fromBossId(uuid: string): string | undefined {
  const hex = uuid.replaceAll('-', '').toLowerCase();
  if (hex.length !== 32 || !hex.endsWith('00000000')) return undefined;
  const id = hex.slice(0, 24);
  return ID_PATTERN.test(id) ? id : undefined;
}

/** The same mapping in SQL, for the sweep that joins our rows to pg-boss's (`column` is a trusted identifier). */
export const bossIdSql = (column: string): string =>
  `(substr(${column}, 1, 8) || '-' || substr(${column}, 9, 4) || '-' || substr(${column}, 13, 4) || '-' || ` +
  `substr(${column}, 17, 4) || '-' || substr(${column}, 21, 4) || '00000000')::uuid`;
