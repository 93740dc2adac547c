/** Business constants that both sides use. */
export const LOGO_MAX_BYTES = 16_000;
export const LOGO_HINT_PX = 90;
export const JSON_BODY_LIMIT_BYTES = 1_048_576;

export const TOAST_MS = {
  passwordReset: 5000,
  passwordUpdated: 3000,
  jobShort: 3000,
  jobMedium: 4000,
  jobLong: 7000,
} as const;
export const COPIED_LABEL_MS = 2000;
export const SHELL_TOOLTIP_DELAY_MS = 300;
/** A long list loads its next page once its end comes within this distance of the bottom of the screen. */
export const SCROLL_PAGING_MARGIN_PX = 800;

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';
export const THEME_STORAGE_KEY = 'theme';
export const TOKEN_STORAGE_KEY = 'accessToken';

/** Breakpoints: below 767 phone, below 1024 tablet, otherwise desktop. */
export const BREAKPOINTS = { phone: 767, tablet: 1024 } as const;

/** Palette anchors. */
export const COLORS = { error: '#D94E4E', success: '#00C48B' } as const;

/** The 8 fixed avatar colours; one is chosen from the user id and the first letter of the name. */
export const AVATAR_COLORS = [
  '#4C6EF5',
  '#15AABF',
  '#12B886',
  '#82C91E',
  '#FAB005',
  '#FD7E14',
  '#E64980',
  '#7950F2',
] as const;

export function avatarColor(userId: string, firstName: string): string {
  let sum = (firstName.trim().toUpperCase().codePointAt(0) ?? 0) * 31;
  for (const ch of userId) sum = (sum * 33 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[sum % AVATAR_COLORS.length];
}

export const SUPPORT_EMAIL = 'support@tessera.dev';
export const PRODUCT_NAME = 'Tessera';
