import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@tessera/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every visible string goes through i18next. Translations live in one JSON file per feature area
 * (locales/{en,fr}/{namespace}.json) so that areas can be written side by side; each file becomes a namespace.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lang, ns] = file.match(/locales\/(\w+)\/([\w-]+)\.json$/) ?? [];
  if (!lang || !ns) continue;
  resources[lang] ??= {};
  resources[lang][ns] = mod.default;
}
export const NAMESPACES = Object.keys(resources.en ?? {});

export function storedLanguage(): Language {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

export function setLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
