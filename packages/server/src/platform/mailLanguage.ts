/** The languages Tessera writes mail in (the interface speaks English and French; default en). */
export const MAIL_LANGUAGES = ['en', 'fr'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/**
 * The mail language a request asks for: the first supported language of its Accept-Language header by quality
 * (the web app sends the language the person chose in Tessera; another client, the browser's), else English.
 * "fr-CA;q=0.9, en;q=0.8" → fr; "de, fr;q=0.5" → fr; "de" or nothing → en.
 */
export function mailLanguage(acceptLanguage: string | string[] | undefined): MailLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
      // A quality that is not a number counts as 0 (refused), as a missing one counts as 1.
      return {
        primary: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: q === undefined ? 1 : Number(q.trim() || 'x'),
        index,
      };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry) => (MAIL_LANGUAGES as readonly string[]).includes(entry.primary));
  return (found?.primary as MailLanguage | undefined) ?? 'en';
}
