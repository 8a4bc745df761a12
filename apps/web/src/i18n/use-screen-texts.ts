import i18next from 'i18next';
import { use } from 'react';
import { loadAreaTexts } from './area-texts';
import { LANGUAGES, type Language } from './i18n';

const screens = new Map<string, Promise<unknown>>();

/**
 * Adds the namespaces of every part of a routed screen (area-texts.ts) before it first shows: until then
 * it suspends, under the route's "Loading...". A screen names all the namespaces that it and its parts
 * use (i18n/screen-texts.test.ts checks it), so no part of it meets a text that is not there.
 */
export function useScreenTexts(namespaces: readonly string[]): void {
  const missing = namespaces.filter((namespace) => !i18next.hasResourceBundle(LANGUAGES[0], namespace));
  if (missing.length === 0) return;
  const key = missing.join();
  let ready = screens.get(key);
  if (!ready) {
    ready = Promise.all(missing.map(loadAreaTexts)).finally(() => screens.delete(key));
    screens.set(key, ready);
  }
  use(ready);
}

/**
 * Adds namespaces that a screen's module imports statically (`import { donor } from '../../i18n/resources/donor'`),
 * before its `useScreenTexts` asks for them. The bundler then fetches those texts together with the screen's
 * own chunk (they are among the chunks its dynamic import preloads) instead of after the screen's code has
 * arrived and first rendered: one round trip less before a route's first render (issue 30). Cheap when the
 * namespaces are already there.
 */
export function addScreenTexts(modules: Readonly<Record<string, Record<Language, object>>>): void {
  for (const [namespace, texts] of Object.entries(modules)) {
    if (i18next.hasResourceBundle(LANGUAGES[0], namespace)) continue;
    for (const language of LANGUAGES) i18next.addResourceBundle(language, namespace, texts[language]);
  }
}
