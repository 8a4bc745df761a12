import i18next from 'i18next';
import { use } from 'react';
import { loadAreaTexts } from './area-texts';
import { LANGUAGES } from './i18n';

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
