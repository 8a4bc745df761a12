import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const preloads: (() => Promise<unknown>)[] = [];

export type LazyView<P extends object> = ComponentType<P> & {
  /** Fetches the view's code now (a view the reader will likely open next); resolves once it is there. */
  preload: () => Promise<unknown>;
};

/**
 * A part of a screen whose code is fetched when it is first shown, not with the screen (issue 30: the
 * board's and the donor dashboard's first render wait only for what they show first). Once its code is
 * there (shown once, or `preload`ed), it renders at once, without suspending again. Show it inside
 * `ViewSuspense` (or any Suspense boundary): the first time, it suspends while its code arrives.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a failed fetch (a dropped connection) is tried again the next time
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  const View = ((props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props)) as LazyView<P>;
  View.preload = preload;
  preloads.push(preload);
  return View;
}

/**
 * Fetches the code of every lazy view declared so far (by the modules imported until now). The component
 * tests call it once (test/setup.ts) so that views render at once, as they did before they were split.
 */
export function preloadLazyViews(): Promise<unknown> {
  return Promise.all(preloads.map((preload) => preload()));
}

/** Where a lazy view shows: "Loading..." in the reader's language while its code arrives. */
export function ViewSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ViewLoading />}>{children}</Suspense>;
}

function ViewLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-8 text-center text-stone-500">
      {t('loading')}
    </p>
  );
}
