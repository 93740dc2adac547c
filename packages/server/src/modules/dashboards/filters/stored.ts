import { type DashboardFilter, filterSchema } from '@tessera/shared';

/**
 * The saved filters of a dashboard or tab row that have the filter shape. Lists are only written by the filters
 * service (checked) and by copies of them; reading them through the schema keeps a row written by an older
 * version from breaking the whole dashboard's answer.
 */
export function storedFilters(list: readonly unknown[]): DashboardFilter[] {
  return list.flatMap((f) => {
    const parsed = filterSchema.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
}
