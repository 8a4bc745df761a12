import { afterEach } from 'vitest';
import { STORAGE_KEYS } from '../session/session';
import { startingLanguage } from './i18n';

/** The language the app opens in: the visitor's choice, else the page's (a shared listing's page follows Accept-Language). */
describe('startingLanguage', () => {
  const pageLanguage = document.documentElement.lang;
  afterEach(() => {
    document.documentElement.lang = pageLanguage;
  });

  it("opens a shared listing's page in Arabic when the server wrote it in Arabic for an ar-EG phone", () => {
    document.documentElement.lang = 'ar';
    expect(startingLanguage()).toBe('ar');
    document.documentElement.lang = 'en';
    expect(startingLanguage()).toBe('en');
  });

  it("keeps the visitor's own choice over the page's, and English for a language the app does not speak", () => {
    document.documentElement.lang = 'ar';
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    expect(startingLanguage()).toBe('en');
    localStorage.clear();
    document.documentElement.lang = 'fr';
    expect(startingLanguage()).toBe('en');
  });
});
