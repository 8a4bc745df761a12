import i18next from 'i18next';
import { LANGUAGES, type Language } from './i18n';

/*
 * The areas' namespaces: every file under resources/ but the two the landing page bundles, each a chunk
 * of its own. A file exports its namespace under its own name (`resources/donor.ts` exports `donor`).
 * This module ships with the screens (use-screen-texts.ts), not with the landing page.
 */
const files = import.meta.glob<Record<string, Record<Language, object>>>(['./*.ts', '!./common.ts', '!./landing.ts'], {
  base: './resources',
});

/** The names of the namespaces that load on demand. */
export const AREA_NAMESPACES: readonly string[] = Object.keys(files).map((file) => file.slice('./'.length, -'.ts'.length));

const loading = new Map<string, Promise<void>>();

/**
 * Adds a namespace's texts in both languages (a language switch then waits for nothing), fetching its
 * chunk first; while one fetch is under way, every call has its promise. A namespace already there is
 * not fetched again.
 */
export function loadAreaTexts(namespace: string): Promise<void> {
  if (i18next.hasResourceBundle(LANGUAGES[0], namespace)) return Promise.resolve();
  let load = loading.get(namespace);
  if (!load) {
    const file = files[`./${namespace}.ts`];
    if (!file) return Promise.reject(new Error(`No texts for the namespace "${namespace}" in i18n/resources/`));
    load = file()
      .then((module) => {
        for (const language of LANGUAGES) i18next.addResourceBundle(language, namespace, module[namespace][language]);
      })
      .finally(() => loading.delete(namespace));
    loading.set(namespace, load);
  }
  return load;
}
