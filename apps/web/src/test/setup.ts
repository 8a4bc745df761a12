import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadLazyViews } from '../components/lazy-view';
import { AREA_NAMESPACES, loadAreaTexts } from '../i18n/area-texts';
import { initI18n } from '../i18n/i18n';

initI18n('en');
// Every namespace, as the browser has them once a screen has loaded its own: a test renders a part of a
// screen without the screen's Suspense, and reads its texts at once (i18n/screen-texts.test.ts checks
// that each screen loads what its parts use).
await Promise.all(AREA_NAMESPACES.map(loadAreaTexts));

// The screens' lazily loaded views (components/lazy-view.tsx), fetched before each file's tests, render at
// once as they do in a browser that has them: a test clicks to a view and reads it straight away.
beforeAll(() => preloadLazyViews());

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no modal dialogs: open and close them as plain ones, firing `close` as browsers do.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
  this.dispatchEvent(new Event('close'));
};
