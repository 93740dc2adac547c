import type { AreaLevel } from '@tessera/shared';

/** One colour per role level, so that a level reads the same in Your Role and in the member editor. */
export const LEVEL_COLORS: Record<AreaLevel, string> = { hidden: 'gray', view: 'blue', edit: 'green' };
