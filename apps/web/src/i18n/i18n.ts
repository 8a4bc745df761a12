import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../session/session';
import { common } from './resources/common';
import { landing } from './resources/landing';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Every namespace has both languages; each feature owns its file under resources/. Only the landing
 * page's own texts load with it: the areas' namespaces (auth, donor, charity, listing, ops, push, impact,
 * ...) are each a chunk of their own, added by the screens that use them before they first show
 * (`useScreenTexts`, area-texts.ts).
 */
const namespaces = { common, landing };

const isLanguage = (value: string | null | undefined): value is Language => (LANGUAGES as readonly string[]).includes(value ?? '');

/**
 * The visitor's own choice; else the page's: the server writes a shared listing's page (`/food/{id}`) in
 * the language the browser's Accept-Language prefers, `<html lang="ar">` for an Arabic phone; else English.
 */
export function startingLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  const page = document.documentElement.lang;
  return isLanguage(page) ? page : 'en';
}

/** Sets the page's language and direction (Arabic reads right to left). */
function applyToDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
}

export function initI18n(language: Language = startingLanguage()) {
  const resources = Object.fromEntries(
    LANGUAGES.map((lng) => [lng, Object.fromEntries(Object.entries(namespaces).map(([ns, texts]) => [ns, texts[lng]]))]),
  );
  i18next.on('languageChanged', applyToDocument);
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: Object.keys(namespaces),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  applyToDocument(language);
  return i18next;
}

/** Switches language and remembers the choice. */
export function setLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEYS.language, language);
  void i18next.changeLanguage(language);
}

/** The locale used for numbers and dates: Egyptian Arabic (Arabic-Indic digits) or English. */
export function localeOf(language: string): string {
  return language === 'ar' ? 'ar-EG' : 'en-GB';
}
